// html-validate's settings: every public page validates with zero errors under the
// recommended rules (tests/e2e/html-valid.spec.ts). Each change to the preset says why.
export default {
  extends: ["html-validate:recommended"],
  rules: {
    // React writes void elements as <img/>; HTML parses both forms the same.
    "void-style": ["error", { style: "selfclose" }],
    // React writes some attributes camelCased (srcSet, dateTime, charSet); HTML attribute names ignore case.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React writes boolean attributes as checked="".
    "attribute-boolean-style": ["error", { style: "empty" }],
    // React writes hidden="".
    "attribute-empty-style": ["error", { style: "empty" }],
    // React's useId makes ids like ":R1:", valid in HTML (no whitespace) though not CSS-friendly.
    "valid-id": ["error", { relaxed: true }],
    // Only values computed per item are inline: media aspect ratios, avatar sizes, a car's colour.
    "no-inline-style": [
      "error",
      { allowedProperties: ["display", "aspect-ratio", "width", "height", "font-size", "fill", "vertical-align", "--ratio", "--car-hue", "--rest"] },
    ],
    // ARIA lets lists and groups be named ("Posts", "Replies to …"); a name on an element that cannot have one still fails.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
    // The header search's suggestions are an ARIA combobox's listbox of links, which a <select> cannot hold.
    "prefer-native-element": ["error", { exclude: ["listbox"] }],
    // A post's title names its cars and the site (it is og:title too); 120 keeps it bounded without cutting a car's name.
    "long-title": ["error", { maxlength: 120 }],
  },
};
