/**
 * Full message id → the number the built bundle writes in its place (`status.final` → 56). Empty where the code runs
 * as written (tests, the npm package's modules); the build fills it in. Fetched only by pages that change wording.
 */
const messageNumbers: Record<string, number> = {};
export default messageNumbers;
