import { convexHull } from '@moreau/core/kernels';
import { type Vec3 } from '@moreau/core/contracts';

/**
 * A convex polyhedron in its reference frame, flattened for the pair routines: vertices,
 * faces as counter-clockwise loops (seen from outside) with their outward planes, unique
 * edges with the two faces beside each, and each vertex's neighbours for hill climbing.
 * Built once per shape (shapes never change) and shared by every body of that shape.
 */
export interface Polytope {
  vertexCount: number;
  /** 3 per vertex. */
  vertices: Float64Array;
  faceCount: number;
  /** Face f's loop is faceVertex[faceStart[f]..faceStart[f+1]). */
  faceStart: Int32Array;
  faceVertex: Int32Array;
  /** The edge index of each side of each loop (side k runs from corner k to corner k+1), parallel to faceVertex. */
  faceEdge: Int32Array;
  /** 3 per face: outward unit normal; and n·x = offset on the face. */
  normals: Float64Array;
  offsets: Float64Array;
  edgeCount: number;
  /** 2 per edge: its ends, smaller index first. */
  edgeVertex: Int32Array;
  /** 2 per edge: the face whose loop walks it from the smaller end to the larger, then the other face. */
  edgeFace: Int32Array;
  /** Vertex v's neighbours are neighbour[neighbourStart[v]..neighbourStart[v+1]). */
  neighbourStart: Int32Array;
  neighbour: Int32Array;
  /** Mean of the vertices: a point strictly inside, for orienting axes. */
  mean: Float64Array;
  /** Half the least width over the face normals (the thinnest direction of a polytope is one of them or close). */
  halfWidth: number;
  /** Whether support queries climb the vertex graph instead of scanning every vertex. */
  climb: boolean;
}

/** Above this many vertices a support query climbs the neighbour graph; below, a scan is cheaper. */
const CLIMB_ABOVE = 16;

const hulls = new WeakMap<object, Polytope>();
const boxes = new WeakMap<object, Polytope>();
/**
 * Box polytopes by their half extents, so that boxes of one size share one (a scene lists a shape
 * object per body: 64,000 equal boxes held 64,000 polytopes, several kilobytes each). Polytopes are never
 * written after they are built. Emptied when it reaches BOX_SIZES_KEPT sizes, so a scene of many
 * sizes costs a rebuild now and then, never unbounded memory.
 */
const boxesBySize = new Map<string, Polytope>();
const BOX_SIZES_KEPT = 4096;

/**
 * The polytope of a hull shape: core's `convexHull` of its points, built on first use and
 * kept per shape object. `where` names the body in errors (E_CONFIG from convexHull for
 * fewer than 4 points, non-finite or flat point sets).
 */
export function hullPolytope(shape: { points: readonly Vec3[] }, where: string): Polytope {
  let p = hulls.get(shape);
  if (!p) {
    const flat = new Float64Array(3 * shape.points.length);
    shape.points.forEach((q, k) => { flat[3 * k] = q?.[0]; flat[3 * k + 1] = q?.[1]; flat[3 * k + 2] = q?.[2]; });
    const h = convexHull(flat, where);
    p = assemble(h.vertices, Array.from(h.faces, (f) => Array.from(f)), h.normals, h.offsets, h.edges, h.neighbours.map((n) => Array.from(n)));
    hulls.set(shape, p);
  }
  return p;
}

/** The polytope of a hull shape when already built (no message formatted, nothing built). */
export function knownHull(shape: object): Polytope | undefined {
  return hulls.get(shape);
}

/**
 * The polytope of a box shape (kept per shape object, and shared by boxes of the same half
 * extents): vertex v has bit k set on the + side of axis k (the box numbering of
 * box-geometry.ts), face 2k on the + side of axis k, 2k + 1 on the − side. Boxes meet hulls
 * through it, and deformed boxes are hulls.
 */
export function boxPolytope(shape: { halfExtents: Vec3 }): Polytope {
  let p = boxes.get(shape);
  if (!p) {
    const h = shape.halfExtents, size = `${h[0]} ${h[1]} ${h[2]}`;
    p = boxesBySize.get(size) ?? buildBox(h);
    if (!boxesBySize.has(size)) {
      if (boxesBySize.size >= BOX_SIZES_KEPT) boxesBySize.clear();
      boxesBySize.set(size, p);
    }
    boxes.set(shape, p);
  }
  return p;
}

/** Vertices, faces, edges and neighbours of the box of half extents h (the numbering above). */
function buildBox(h: Vec3): Polytope {
  const vertices = new Float64Array(24);
  for (let v = 0; v < 8; v++) for (let k = 0; k < 3; k++) vertices[3 * v + k] = (v >> k) & 1 ? h[k] : -h[k];
  const faces: number[][] = [];
  const normals = new Float64Array(18), offsets = new Float64Array(6);
  for (let k = 0; k < 3; k++) {
    const u = (k + 1) % 3, w = (k + 2) % 3;
    for (const side of [1, 0]) {
      // Corners (u, w) = (−,−), (+,−), (+,+), (−,+): counter-clockwise about +e_k; reversed on the − side.
      const loop = [[0, 0], [1, 0], [1, 1], [0, 1]].map(([bu, bw]) => (side << k) | (bu << u) | (bw << w));
      faces.push(side ? loop : loop.reverse());
      const f = 2 * k + (side ? 0 : 1);
      normals[3 * f + k] = side ? 1 : -1;
      offsets[f] = h[k];
    }
  }
  const edges: number[] = [];
  const neighbours: number[][] = Array.from({ length: 8 }, () => []);
  for (let v = 0; v < 8; v++) {
    for (let k = 0; k < 3; k++) {
      const q = v ^ (1 << k);
      neighbours[v].push(q);
      if (v < q) edges.push(v, q);
    }
    neighbours[v].sort((a, b) => a - b);
  }
  return assemble(vertices, faces, normals, offsets, Int32Array.from(edges), neighbours);
}

function assemble(vertices: Float64Array, faces: number[][], normals: Float64Array, offsets: Float64Array,
  edges: Int32Array, neighbours: number[][]): Polytope {
  const vertexCount = vertices.length / 3, faceCount = faces.length, edgeCount = edges.length / 2;
  const edgeOf = new Map<number, number>();
  for (let e = 0; e < edgeCount; e++) edgeOf.set(edges[2 * e] * vertexCount + edges[2 * e + 1], e);
  const faceStart = new Int32Array(faceCount + 1);
  faces.forEach((f, k) => { faceStart[k + 1] = faceStart[k] + f.length; });
  const faceVertex = new Int32Array(faceStart[faceCount]), faceEdge = new Int32Array(faceStart[faceCount]);
  const edgeFace = new Int32Array(2 * edgeCount).fill(-1);
  faces.forEach((loop, f) => {
    loop.forEach((v, k) => {
      const q = loop[(k + 1) % loop.length];
      const e = edgeOf.get(Math.min(v, q) * vertexCount + Math.max(v, q));
      if (e === undefined) throw new Error(`polytope: the side ${v}-${q} of face ${f} is not an edge`);
      faceVertex[faceStart[f] + k] = v;
      faceEdge[faceStart[f] + k] = e;
      edgeFace[2 * e + (v < q ? 0 : 1)] = f;
    });
  });
  const neighbourStart = new Int32Array(vertexCount + 1);
  neighbours.forEach((n, v) => { neighbourStart[v + 1] = neighbourStart[v] + n.length; });
  const neighbour = Int32Array.from(neighbours.flat());
  const mean = new Float64Array(3);
  for (let v = 0; v < vertexCount; v++) for (let k = 0; k < 3; k++) mean[k] += vertices[3 * v + k] / vertexCount;
  let halfWidth = Infinity;
  for (let f = 0; f < faceCount; f++) {
    let least = Infinity;
    for (let v = 0; v < vertexCount; v++) {
      least = Math.min(least, normals[3 * f] * vertices[3 * v] + normals[3 * f + 1] * vertices[3 * v + 1] + normals[3 * f + 2] * vertices[3 * v + 2]);
    }
    halfWidth = Math.min(halfWidth, 0.5 * (offsets[f] - least));
  }
  return {
    vertexCount, vertices, faceCount, faceStart, faceVertex, faceEdge, normals, offsets,
    edgeCount, edgeVertex: Int32Array.from(edges), edgeFace, neighbourStart, neighbour, mean, halfWidth,
    climb: vertexCount > CLIMB_ABOVE,
  };
}
