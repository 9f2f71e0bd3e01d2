// Under the Leaves' terrain colours, written once: the tiles, the sector chips and the legend
// read them here, and tests/test_colours.py checks that every pair stays apart for players with
// protanopia, deuteranopia or tritanopia. Each terrain also has its own mark (tiles.js), so the
// garden reads without colour at all.
export const TERRAIN = {
  pink: "#ffa7c9",
  yellow: "#fddc58",
  orange: "#f28617",
  purple: "#956ec1",
  green: "#92c07d",
  puddle: "#4ab7fe",
};
