// What the main thread needs to know of the model without loading TensorFlow.js (model.ts runs in the thread only).
export const USE_LITE_MODEL = 'use-lite-v1';
export const USE_LITE_DIMENSIONS = 512;
