/**
 * negotiator 1.x, as much of it as negotiation.ts uses. @types/negotiator
 * describes 0.6, which had no `preferred` option (the server's own order for
 * ties).
 */
declare module "negotiator" {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    language(available?: readonly string[]): string | undefined;
    encodings(available: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
  export = Negotiator;
}
