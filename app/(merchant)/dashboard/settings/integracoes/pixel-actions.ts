'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, type ActionState, merchantAction } from '@/lib/auth';
import { GA4_FIELDS, GA4_SECRET_NEEDED, META_FIELDS, META_TOKEN_NEEDED, parseGa4Form, parseMetaForm, getPixelSettings, saveGa4, saveMetaPixel } from '@/lib/pixels';
import { logger } from '@/lib/server/log';
import { recordRequestActivity } from '@/lib/security';

/** Integrações → "Meta Pixel" → "Salvar". */
export const saveMetaPixelAction = merchantAction<{ pixelId: string; token?: string }, ActionState>(
  { name: 'save-meta-pixel', permission: 'integrations:manage', parse: parseMetaForm },
  async (value, { merchant }) => {
    if (value.pixelId && !value.token && !(await getPixelSettings()).hasMetaToken) {
      return refused('Confira os campos destacados.', { [META_FIELDS.token]: META_TOKEN_NEEDED }, { [META_FIELDS.pixelId]: value.pixelId });
    }
    await saveMetaPixel(value);
    logger().info({ actor: merchant.id, on: !!value.pixelId }, 'meta pixel saved');
    await recordRequestActivity({
      actor: merchant,
      action: 'integrations',
      summary: value.pixelId ? `Meta Pixel salvo (${value.pixelId})${value.token ? ', com novo token' : ''}` : 'Meta Pixel desligado',
      target: 'Integrações',
    });
    revalidatePath('/dashboard/settings/integracoes');
    return done(value.pixelId ? 'Meta Pixel salvo. Os eventos de quem aceitar os cookies de marketing passam a ser enviados.' : 'Meta Pixel desligado.');
  },
);

/** Integrações → "Google Analytics 4" → "Salvar". */
export const saveGa4Action = merchantAction<{ measurementId: string; secret?: string }, ActionState>(
  { name: 'save-ga4', permission: 'integrations:manage', parse: parseGa4Form },
  async (value, { merchant }) => {
    if (value.measurementId && !value.secret && !(await getPixelSettings()).hasGa4Secret) {
      return refused('Confira os campos destacados.', { [GA4_FIELDS.secret]: GA4_SECRET_NEEDED }, { [GA4_FIELDS.measurementId]: value.measurementId });
    }
    await saveGa4(value);
    logger().info({ actor: merchant.id, on: !!value.measurementId }, 'ga4 saved');
    await recordRequestActivity({
      actor: merchant,
      action: 'integrations',
      summary: value.measurementId ? `Google Analytics 4 salvo (${value.measurementId})${value.secret ? ', com novo segredo' : ''}` : 'Google Analytics 4 desligado',
      target: 'Integrações',
    });
    revalidatePath('/dashboard/settings/integracoes');
    return done(value.measurementId ? 'Google Analytics 4 salvo. Os eventos de quem aceitar os cookies de marketing passam a ser enviados.' : 'Google Analytics 4 desligado.');
  },
);
