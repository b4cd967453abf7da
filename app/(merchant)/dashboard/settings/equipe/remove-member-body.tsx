/**
 * The body of "Remover acesso"'s confirmation: what the person loses and, when they made API keys
 * or webhook endpoints, the box (ticked) that revokes the keys and disables the endpoints with
 * the account. It lives inside the action's form, so the box is sent with the confirmation.
 */
import styles from '../settings.module.css';

export function RemoveMemberBody({ email, keys, endpoints }: { email: string; keys: string[]; endpoints: string[] }) {
  const any = keys.length + endpoints.length > 0;
  return (
    <div className="stack">
      <p>{email} deixa de entrar no painel agora, em todos os aparelhos.</p>
      {any ? (
        <>
          <p>Essa pessoa criou:</p>
          <ul>
            {keys.map((k) => (
              <li key={`k-${k}`}>Chave de API “{k}”</li>
            ))}
            {endpoints.map((e) => (
              <li key={`e-${e}`}>Endpoint {e}</li>
            ))}
          </ul>
          <div className={styles.switch}>
            <input type="checkbox" id={`revoke-${email}`} name="revokeIntegrations" value="1" defaultChecked />
            <label htmlFor={`revoke-${email}`}>Revogar as chaves de API e desativar os endpoints dessa pessoa</label>
          </div>
        </>
      ) : null}
    </div>
  );
}
