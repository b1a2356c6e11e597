/**
 * `npm start`. NODE_ENV must be settled before React or React Router load
 * (they pick their production or development build on first import), and
 * static imports run before any statement here, hence the dynamic import.
 */
process.env.NODE_ENV ??= "production";
await import("./start.ts");

export {};
