export { createCarrierSandbox, handleCarrierCall, trackingStatus, MAX_FIELD_CHARS, MAX_IDS, MAX_LABELS, MAX_PARCELS, type CarrierSandbox, type CarrierRequest, type CarrierReply, type TrackingStatus } from './sandbox';
export { SERVICES, quote, billedGrams, cubicGrams, priceCents, bandOf, type Parcel, type Service } from './pricing';
export { s10Code, s10CheckDigit, isValidS10 } from './s10';
export { LabelStore, type StoredLabel } from './label-store';
