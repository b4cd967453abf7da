import { ActionForm } from '../../_components/action-form';
import { removeProductAction } from '../actions';

/** "Excluir produto", or "Arquivar produto" once it was ordered (it leaves the shop, its orders keep it). */
export function RemoveProductSection({ productId, ordered }: { productId: number; ordered: boolean }) {
  return (
    <section className="card stack" aria-labelledby="excluir-titulo">
      <h2 id="excluir-titulo">{ordered ? 'Arquivar produto' : 'Excluir produto'}</h2>
      <p className="small muted">
        {ordered
          ? 'Este produto já foi pedido: ele será arquivado (sai da loja e desta lista) e os pedidos antigos continuam mostrando o nome e o preço com que foi vendido.'
          : 'Ninguém pediu este produto ainda: ele e suas fotos serão excluídos.'}
      </p>
      <ActionForm
        action={removeProductAction}
        fields={{ productId: String(productId) }}
        label={ordered ? 'Arquivar produto' : 'Excluir produto'}
        pendingLabel={ordered ? 'Arquivando…' : 'Excluindo…'}
        className="btn btn-danger"
        confirm={{
          title: ordered ? 'Arquivar este produto?' : 'Excluir este produto?',
          body: ordered ? 'Ele sai da loja. Você pode restaurá-lo depois.' : 'Esta ação não pode ser desfeita.',
          confirmLabel: ordered ? 'Arquivar' : 'Excluir',
          confirmClassName: 'btn btn-danger',
        }}
      />
    </section>
  );
}
