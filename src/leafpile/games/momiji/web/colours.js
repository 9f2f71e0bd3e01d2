// Momiji's leaf types, written once: the cards read each type's colour here, and
// tests/test_colours.py checks that they stay apart for colour-blind players. The colour is
// never the only cue: each type has its own leaf shape and its name on every card.
export const TYPES = {
  G: "#609e6f",
  Y: "#e8b10a",
  O: "#d37028",
  R: "#c3130a",
  P: "#77509f",
  B: "#634539",
};
