export { createCarrierSandbox, handleCarrierCall, trackingStatus, type CarrierSandbox, type CarrierRequest, type CarrierReply, type TrackingStatus } from './sandbox';
export { SERVICES, quote, billedGrams, cubicGrams, priceCents, bandOf, type Parcel, type Service } from './pricing';
export { s10Code, s10CheckDigit, isValidS10 } from './s10';
