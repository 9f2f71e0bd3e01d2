// Undergrove's player and token colours, written once: forest.js and the panels read them here,
// and tests/test_colours.py checks that they stay apart for colour-blind players and, for the
// players, in grayscale too (a piece on the forest has no other mark of its owner).
export const PLAYER_COLOURS = ["#ea7928", "#5d31ad", "#d13b3b", "#f4f1ea"];
export const TOKEN_COLOURS = {
  b: "#316add",
  p: "#e068a3",
  g: "#3f9b4a",
  y: "#e9bb2c",
};
