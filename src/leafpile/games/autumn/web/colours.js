// Autumn's two leaf colours, written once: the cards (cards.js) and, through CSS custom
// properties set by the renderer, the pills and the colour choice read them here, and
// tests/test_colours.py checks that they stay apart for colour-blind players. The colour is
// never the only cue: red leaves are maple-shaped, yellow ones round, and pills name the colour.
export const LEAF = {
  R: "#c8452c",
  Y: "#e8b83a",
};
