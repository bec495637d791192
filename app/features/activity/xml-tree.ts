/**
 * The little XML that GPX and TCX files need, read into plain objects (ADR 306): an element is an object
 * of its children by local name (namespace prefixes dropped), its attributes as "@name", its text as
 * "#text", or its text alone when it has neither; an element named in `lists` is always an array, any
 * other one an array only when it repeats. Text is trimmed and kept as written: entities are not
 * expanded (no billion laughs), CDATA is text, comments, processing instructions and the DOCTYPE are
 * skipped. One pass, no recursion, no backtracking; an end tag that does not match, or an element left
 * open, throws. This replaces fast-xml-parser (63 KiB of the worker and of the import page's script).
 */
export type XmlNode = Record<string, unknown>;

interface Open {
  name: string;
  node: XmlNode;
  text: string;
  children: boolean;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The position just past `end`, searching from `from`; throws when the document stops first. */
function after(xml: string, end: string, from: number): number {
  const at = xml.indexOf(end, from);
  if (at < 0) throw new Error(`XML: no ${end}`);
  return at + end.length;
}

/** Past a DOCTYPE, its internal subset `[...]` included. */
function afterDoctype(xml: string, from: number): number {
  const close = xml.indexOf(">", from);
  const bracket = xml.indexOf("[", from);
  if (bracket >= 0 && (close < 0 || bracket < close)) return after(xml, ">", after(xml, "]", bracket));
  return after(xml, ">", from);
}

/** Past a start tag's `>`, skipping any inside a quoted attribute value. */
function afterStartTag(xml: string, from: number): number {
  let quote = "";
  for (let i = from; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i + 1;
  }
  throw new Error("XML: a start tag never ends");
}

function attach(parent: XmlNode, name: string, value: unknown, lists: ReadonlySet<string>) {
  const existing = parent[name];
  if (existing === undefined) parent[name] = lists.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

/** What an element becomes once closed: its text alone, or its object with "#text" beside the rest. */
function settle(open: Open): unknown {
  const text = open.text.trim();
  if (!open.children) return text;
  if (text) open.node["#text"] = text;
  return open.node;
}

export function parseXml(xml: string, lists: ReadonlySet<string>): XmlNode {
  const root: Open = { name: "", node: {}, text: "", children: true };
  const stack: Open[] = [root];
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    const top = stack[stack.length - 1]!;
    if (lt < 0) {
      top.text += xml.slice(at);
      break;
    }
    if (lt > at) top.text += xml.slice(at, lt);
    if (xml.startsWith("<!--", lt)) at = after(xml, "-->", lt + 4);
    else if (xml.startsWith("<![CDATA[", lt)) {
      const end = after(xml, "]]>", lt + 9);
      top.text += xml.slice(lt + 9, end - 3);
      at = end;
    } else if (xml.startsWith("<?", lt)) at = after(xml, "?>", lt + 2);
    else if (xml.startsWith("<!", lt)) at = afterDoctype(xml, lt + 2);
    else if (xml[lt + 1] === "/") {
      at = after(xml, ">", lt + 2);
      const name = xml.slice(lt + 2, at - 1).trim();
      if (stack.length === 1 || name !== top.name) throw new Error(`XML: </${name}> closes <${top.name}>`);
      stack.pop();
      attach(stack[stack.length - 1]!.node, localName(name), settle(top), lists);
    } else {
      at = afterStartTag(xml, lt + 1);
      const selfClosing = xml[at - 2] === "/";
      const tag = xml.slice(lt + 1, selfClosing ? at - 2 : at - 1);
      const nameEnd = tag.search(/[\s]|$/);
      const name = tag.slice(0, nameEnd);
      if (!name) throw new Error("XML: a tag without a name");
      const open: Open = { name, node: {}, text: "", children: false };
      for (const [, attribute, double, single] of tag.slice(nameEnd).matchAll(ATTRIBUTE)) {
        if (attribute === "xmlns" || attribute!.startsWith("xmlns:")) continue;
        open.node[`@${localName(attribute!)}`] = double ?? single;
        open.children = true;
      }
      top.children = true;
      if (selfClosing) attach(top.node, localName(name), settle(open), lists);
      else stack.push(open);
    }
  }
  if (stack.length > 1) throw new Error(`XML: <${stack[stack.length - 1]!.name}> is never closed`);
  return root.node;
}
