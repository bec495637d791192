/** The built worker's module (build/index.js, made by `remix build`): declared so tsc never type-infers the bundle. */
declare const worker: unknown;
export default worker;
