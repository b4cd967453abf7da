/** Browser-safe limits of the Integrações forms. */
export const API_KEY_NAME_MAX = 60;
