/** Configurações' tabs per role: Integrações (endpoint URLs may hold secret tokens) only for who manages them. */
import { describe, expect, it } from 'vitest';

import { settingsPagesFor } from '../nav-sections';

const labels = (role: Parameters<typeof settingsPagesFor>[0]) => settingsPagesFor(role).map((t) => t.label);

describe('the settings tabs', () => {
  it('show Integrações to the Dono and the Gerente', () => {
    expect(labels('owner')).toContain('Integrações');
    expect(labels('manager')).toContain('Integrações');
  });

  it('hide Integrações from the Atendente and the demonstration account', () => {
    expect(labels('attendant')).toEqual(['Loja', 'Pagamento', 'Entrega', 'Nota fiscal', 'E-mails e avisos', 'Carrinhos abandonados', 'Avaliações', 'Assinaturas', 'Canais de venda', 'Equipe', 'Dados do comprador', 'Atividade']);
    expect(labels('demo')).not.toContain('Integrações');
  });
});
