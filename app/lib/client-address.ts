/**
 * The key a client address is counted by (throttles, live-stream caps; ADR 108). One IPv4 address is
 * one client, but anyone holding an IPv6 address usually holds its whole /64 (2^64 addresses), so
 * counting full IPv6 addresses let one machine take a fresh address per request. IPv6 is keyed on its
 * first four groups ("2001:db8:1:2::/64"); IPv4-mapped IPv6 is keyed as the IPv4 address. Linear
 * parsing, no pattern. Null: nothing to count by (missing, malformed, loopback).
 */
export function addressKey(raw: string | null | undefined): string | null {
  const address = raw?.trim().toLowerCase() ?? "";
  if (address === "" || address.length > 64) return null;
  if (!address.includes(":")) return isIpv4(address) && !address.startsWith("127.") ? address : null;
  const groups = expandIpv6(address);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const ipv4 = [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
    return ipv4.startsWith("127.") ? null : ipv4;
  }
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return null; // ::1
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function isIpv4(text: string): boolean {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((p) => p.length >= 1 && p.length <= 3 && isDigits(p) && Number(p) <= 255);
}

const isDigits = (text: string) => [...text].every((c) => c >= "0" && c <= "9");
const isHex = (text: string) => [...text].every((c) => (c >= "0" && c <= "9") || (c >= "a" && c <= "f"));

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing dotted IPv4), or null. */
function expandIpv6(text: string): number[] | null {
  const zone = text.indexOf("%");
  const address = zone === -1 ? text : text.slice(0, zone);
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes(".")) {
        if (!isIpv4(piece)) return null;
        const [a, b, c, d] = piece.split(".").map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else if (piece.length >= 1 && piece.length <= 4 && isHex(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}
