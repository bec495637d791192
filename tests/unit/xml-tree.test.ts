/**
 * The app's own XML reader for GPX and TCX (ADR 306): the tree fast-xml-parser gave the readers before
 * (checked against it on the tests' GPX and TCX files when it was replaced), and a damaged file throws.
 */
import { describe, expect, it } from "vitest";
import { parseXml } from "#app/features/activity/xml-tree";

const LISTS = new Set(["trk", "trkseg", "trkpt"]);

describe("parseXml", () => {
  it("elements by local name, attributes as @name, text alone or as #text; lists always arrays", () => {
    const xml =
      `<?xml version='1.0'?>\n<!-- made by hand --><gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="x" creator='a > b'>` +
      `<metadata><name><![CDATA[Run <1>]]></name><desc/></metadata>` +
      `<trk><type> running </type><extensions><gpxtpx:hr unit="bpm">140</gpxtpx:hr></extensions>` +
      `<trkseg><trkpt lat="51.5" lon="-0.13"><time>2026-11-05T07:30:00Z</time></trkpt></trkseg></trk></gpx>`;
    expect(parseXml(xml, LISTS)).toEqual({
      gpx: {
        "@creator": "a > b",
        metadata: { name: "Run <1>", desc: "" },
        trk: [
          {
            type: "running",
            extensions: { hr: { "@unit": "bpm", "#text": "140" } },
            trkseg: [{ trkpt: [{ "@lat": "51.5", "@lon": "-0.13", time: "2026-11-05T07:30:00Z" }] }],
          },
        ],
      },
    });
  });

  it("a repeated element not in the lists becomes an array; entities stay as written", () => {
    expect(parseXml("<a><b>1</b><b>&amp;2</b></a>", LISTS)).toEqual({ a: { b: ["1", "&amp;2"] } });
  });

  it("the DOCTYPE and its internal subset are skipped", () => {
    const xml = '<!DOCTYPE gpx [<!ENTITY a "x>y">]><gpx><trk/></gpx>';
    expect(parseXml(xml, LISTS)).toEqual({ gpx: { trk: [""] } });
  });

  it("a damaged document throws: a wrong end tag, an element left open, a tag cut short", () => {
    for (const xml of ["<gpx><a></b></gpx>", "<gpx><a></gpx>", "<gpx><a>", "<gpx", "</gpx>", "<gpx><!-- x</gpx>"])
      expect(() => parseXml(xml, LISTS), xml).toThrow();
  });
});
