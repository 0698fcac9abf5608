// stopword 3 ships no types (@types/stopword describes 2.x); only what trending-topics.ts uses.
declare module "stopword" {
  /** English stop-words (lower case). */
  export const eng: string[];
}
