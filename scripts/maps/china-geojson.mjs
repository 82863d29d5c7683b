// Writes apps/web/public/maps/china.json, the large screen's China map, from the npm package
// echarts@4.9.0 (Apache-2.0; its map/json/china.json): decoded from ECharts' compressed form into
// plain GeoJSON, with the South China Sea inset (南海诸岛) added as a feature, drawn as ECharts
// draws it (lib/coord/geo/fix/nanhai.js), so the file alone is the whole map and an operator can
// replace it with an approved one (docs/operations.md).
//   npm pack echarts@4.9.0 && tar xzf echarts-4.9.0.tgz package/map/json/china.json
//   node scripts/maps/china-geojson.mjs package/map/json/china.json
import fs from 'node:fs';

const [source, target = 'apps/web/public/maps/china.json'] = process.argv.slice(2);
const json = JSON.parse(fs.readFileSync(source, 'utf8'));
const scale = json.UTF8Scale ?? 1024;
const round = (n) => Math.round(n * 1e4) / 1e4;

/** ECharts' ring encoding: zig-zag deltas as characters from '@', starting at the ring's offset. */
function decodeRing(text, offset) {
  const out = [];
  let [px, py] = offset;
  for (let i = 0; i < text.length; i += 2) {
    let x = text.charCodeAt(i) - 64;
    let y = text.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    px += x;
    py += y;
    out.push([round(px / scale), round(py / scale)]);
  }
  return out;
}

for (const f of json.features) {
  const g = f.geometry;
  if (!g.encodeOffsets) continue;
  if (g.type === 'Polygon') g.coordinates = g.coordinates.map((r, i) => decodeRing(r, g.encodeOffsets[i]));
  else if (g.type === 'MultiPolygon') g.coordinates = g.coordinates.map((p, j) => p.map((r, i) => decodeRing(r, g.encodeOffsets[j][i])));
  delete g.encodeOffsets;
}
delete json.UTF8Encoding;
delete json.UTF8Scale;

// The inset's frame and the dashed line's segments, in ECharts' units (1/10.5 degree), from (126°E, 25°N).
const inset = [
  [
    [0, 3.5],
    [7, 11.2],
    [15, 11.9],
    [30, 7],
    [42, 0.7],
    [52, 0.7],
    [56, 7.7],
    [59, 0.7],
    [64, 0.7],
    [64, 0],
    [5, 0],
    [0, 3.5],
  ],
  [
    [13, 16.1],
    [19, 14.7],
    [16, 21.7],
    [11, 23.1],
    [13, 16.1],
  ],
  [
    [12, 32.2],
    [14, 38.5],
    [15, 38.5],
    [13, 32.2],
    [12, 32.2],
  ],
  [
    [16, 47.6],
    [12, 53.2],
    [13, 53.2],
    [18, 47.6],
    [16, 47.6],
  ],
  [
    [6, 64.4],
    [8, 70],
    [9, 70],
    [8, 64.4],
    [6, 64.4],
  ],
  [
    [23, 82.6],
    [29, 79.8],
    [30, 79.8],
    [25, 82.6],
    [23, 82.6],
  ],
  [
    [37, 70.7],
    [43, 62.3],
    [44, 62.3],
    [39, 70.7],
    [37, 70.7],
  ],
  [
    [48, 51.1],
    [51, 45.5],
    [53, 45.5],
    [50, 51.1],
    [48, 51.1],
  ],
  [
    [51, 35],
    [51, 28.7],
    [53, 28.7],
    [53, 35],
    [51, 35],
  ],
  [
    [52, 22.4],
    [55, 17.5],
    [56, 17.5],
    [53, 22.4],
    [52, 22.4],
  ],
  [
    [58, 12.6],
    [62, 7],
    [63, 7],
    [60, 12.6],
    [58, 12.6],
  ],
  [
    [0, 3.5],
    [0, 93.1],
    [64, 93.1],
    [64, 0],
    [63, 0],
    [63, 92.4],
    [1, 92.4],
    [1, 3.5],
    [0, 3.5],
  ],
];

json.features.push({
  type: 'Feature',
  id: 'nanhai',
  properties: { id: 'nanhai', name: '南海诸岛', cp: [126, 25], schematic: true },
  geometry: {
    type: 'MultiPolygon',
    coordinates: inset.map((ring) => [ring.map(([x, y]) => [round(126 + x / 10.5), round(25 - (y * 0.75) / 10.5)])]),
  },
});
json.name = 'China (schematic, 示意图): echarts@4.9.0 map/json/china.json, Apache-2.0, with the South China Sea inset';
fs.writeFileSync(target, JSON.stringify(json));
