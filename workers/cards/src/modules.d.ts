declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

// The two functions of workerd's node:zlib (nodejs_compat) the PNG encoder uses (./png.ts).
declare module "node:zlib" {
  export function deflateSync(data: Uint8Array, options?: { level?: number }): Uint8Array;
  export function crc32(data: Uint8Array, value?: number): number;
}
