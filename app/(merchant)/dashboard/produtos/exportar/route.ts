/** "Exportar produtos": the products CSV (the format "Importar produtos" reads); session and permission checked here. */
import { merchantFor } from '@/lib/auth/merchant-action';
import { env } from '@/lib/config/env';
import { exportProductsCsv } from '@/lib/catalog/product-export';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const access = await merchantFor('dashboard:view');
  if (!access.ok) {
    return new Response(access.status === 401 ? 'Sessão expirada: entre novamente.\n' : `${access.error}\n`, {
      status: access.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(await exportProductsCsv(env().appUrl), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="produtos.csv"',
      'Cache-Control': 'no-store',
    },
  });
}
