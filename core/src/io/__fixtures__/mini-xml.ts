import { readDataArray } from '../vtk-data-array.js';

/**
 * A small strict XML parser for tests of the VTK writers: elements, attributes, text,
 * the five predefined entities and an XML declaration. It throws on anything not
 * well-formed (unbalanced or mismatched tags, duplicate or unquoted attributes, a
 * stray '<' or '&', text outside the root), which is what the tests rely on.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /[A-Za-z_][\w.-]*/y;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function parseXml(source: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`XML not well-formed at offset ${i}: ${what}`);
  };
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source[i])) i++;
  };
  const name = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(source);
    if (!m) fail('expected a name');
    i += m![0].length;
    return m![0];
  };
  const decode = (raw: string): string => raw.replace(/&([^;]*);|&|</g, (m, ent: string | undefined) => {
    if (m === '<' || m === '&' || !(ent! in ENTITIES)) fail(`bad character data "${m}"`);
    return ENTITIES[ent!];
  });
  const element = (): XmlElement => {
    if (source[i] !== '<') fail('expected <');
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (source.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (source[i] === '>') {
        i++;
        break;
      }
      if (i === before) fail('expected space before an attribute');
      const key = name();
      if (key in el.attrs) fail(`duplicate attribute ${key}`);
      if (source[i] !== '=' || source[i + 1] !== '"') fail(`attribute ${key} must be ="..."`);
      const end = source.indexOf('"', i + 2);
      if (end < 0) fail('unterminated attribute');
      el.attrs[key] = decode(source.slice(i + 2, end));
      i = end + 1;
    }
    const text: string[] = [];
    for (;;) {
      const lt = source.indexOf('<', i);
      if (lt < 0) fail(`unclosed element ${el.name}`);
      text.push(decode(source.slice(i, lt)));
      i = lt;
      if (source.startsWith('</', i)) {
        i += 2;
        if (name() !== el.name) fail(`mismatched closing tag for ${el.name}`);
        skipSpace();
        if (source[i] !== '>') fail('expected >');
        i++;
        el.text = text.join('');
        return el;
      }
      el.children.push(element());
    }
  };
  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end < 0) fail('unterminated declaration');
    i = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== source.length) fail('content after the root element');
  return root;
}

/** Every descendant element (depth first) with the given name. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (e: XmlElement) => {
    if (e.name === name) found.push(e);
    e.children.forEach(visit);
  };
  visit(el);
  return found;
}

/** The numbers of a DataArray, in either inline form the writer uses (`ascii` or `binary`). */
export function numbers(el: XmlElement): number[] {
  return Array.from(readDataArray(el.text, { type: el.attrs.type, format: el.attrs.format }));
}
