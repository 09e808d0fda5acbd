/**
 * CRC-32 (ISO 3309, the one ZIP uses), table-driven. node:zlib has `crc32` only from Node 22.2; this
 * runs on Node 20. Feed chunks in order to `update`, starting from 0.
 */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 of everything fed so far, continued over `data`. */
export function crc32Update(crc: number, data: Uint8Array): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
