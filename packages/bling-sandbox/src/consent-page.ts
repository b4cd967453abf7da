/** The sandbox's OAuth consent page ("Autorizar"): plain HTML, no script, pt-BR. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function consentPage(o: { clientId?: string; state?: string; action?: string; error?: string }): string {
  const main = o.error
    ? `<h1>Não foi possível autorizar</h1><p>${esc(o.error)}</p>`
    : `<h1>Autorizar o acesso à sua conta Bling</h1>
<p>O aplicativo <strong>Balcão</strong> pede para ler e criar contatos, pedidos de venda e notas fiscais, e ler as naturezas de operação.</p>
<p>Este é o Bling de demonstração: nenhuma nota tem valor fiscal.</p>
<form method="post" action="${esc(o.action ?? '')}">
<input type="hidden" name="response_type" value="code"><input type="hidden" name="client_id" value="${esc(o.clientId ?? '')}"><input type="hidden" name="state" value="${esc(o.state ?? '')}">
<button type="submit" name="decision" value="allow">Autorizar</button>
<button type="submit" name="decision" value="deny" class="secondary">Cancelar</button>
</form>`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bling (sandbox) — Autorizar aplicativo</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
button{font-size:1rem;min-height:44px;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #0b5d1e;background:#0b5d1e;color:#fff;margin:.5rem .5rem 0 0;cursor:pointer}
button.secondary{background:#fff;color:#0b5d1e}</style></head><body><main>${main}</main></body></html>`;
}
