// Dictation needs the browser's speech service: Microsoft Edge and Google Chrome have one; other
// browsers (Chromium builds included) define the API but cannot transcribe, so it is not shown.
export const DICTATION =
  !!(window.SpeechRecognition || window.webkitSpeechRecognition) &&
  !!navigator.userAgentData?.brands?.some((b) => /Microsoft Edge|Google Chrome/.test(b.brand));
