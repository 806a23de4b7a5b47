/**
 * User-facing texts, exactly as the specification words them (sections 2, 5 and 8), or worded by
 * us where it is silent. One file per kind: a bundler places a whole module in one chunk, so the
 * first visit's code (which needs the toasts and a few error texts) does not carry the forms' and
 * the admin's texts (decision 013).
 */
export * from './validation';
export * from './toasts';
export * from './empty-text';
export * from './signed-out-notices';
export * from './confirm';
export * from './first-visit-api-errors';
export * from './api-errors';
export * from './catalogue';
export * from './stock';
