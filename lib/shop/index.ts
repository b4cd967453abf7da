/**
 * lib/shop's face: the shop's identity and policies as pages, e-mails and documents read them
 * (the storefront's reads, the identity's form and values, the policies, the Markdown of the
 * policies and of the merchant's guide, the share metadata). The other doors load sharp and
 * stay apart so that a page reading the identity does not: app-icon.ts (the dashboard's
 * installable icons) and logo.ts (the logo's upload).
 */
export { darken, lighten } from './contrast';
export { type GuideBlock, guideFromDocs, type GuideInline } from './guide-markdown';
export { parseShopIdentityForm } from './identity-form';
export { formatShopAddress, formatShopDocument, formatWhatsapp, identityChecklist, logoUrl, type ShopIdentity } from './identity-values';
export { getShopIdentity, identityFormValues, identityOf, identityQuery, logoFile, policyText, savePolicies, saveShopIdentity } from './identity';
export { type Block, type Inline, parseMarkdown } from './markdown';
export { merchantGuide } from './merchant-guide';
export { isPolicyKey, parsePoliciesForm, POLICIES, POLICY_KEYS } from './policies';
export { linkOpenGraph, productJsonLd, productOpenGraph, productPriceMeta, scriptJson, type ShareProduct } from './share';
export { storefront } from './storefront';
