// ESLint 9 flat config. `npm run lint` checks the whole tree with it.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // Generated or built output, test and bench artefacts: nobody edits these by hand.
    ignores: ["app/generated/**", "build/**", ".cache/**", "data/**", "tests/.tmp/**", "test-results/**", "playwright-report/**", "bench/results/**"],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: ["**/*.{js,mjs,cjs,jsx,ts,tsx}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
  },

  // React: the JSX runtime needs no `React` in scope; TypeScript checks prop types.
  {
    files: ["**/*.{jsx,tsx}"],
    ...react.configs.flat.recommended,
    settings: { react: { version: "detect" } },
  },
  {
    files: ["**/*.{jsx,tsx}"],
    ...react.configs.flat["jsx-runtime"],
  },
  {
    files: ["**/*.{jsx,tsx}"],
    rules: {
      "react/prop-types": "off",
      // Apostrophes and quotes in text are the product's copy and render as written; a stray
      // `>` or `}` is the mistake worth catching.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
    },
  },

  // Hooks: only the two classic rules; the React Compiler rules are for code the compiler builds.
  {
    files: ["**/*.{js,jsx,ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // focus.ts picks useLayoutEffect in the browser and useEffect on the server: same deps rule.
      "react-hooks/exhaustive-deps": ["error", { additionalHooks: "^useIsomorphicLayoutEffect$" }],
    },
  },

  {
    files: ["**/*.{jsx,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Checked where the prop reaches the DOM element, not at each component that passes it on.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
      // A label's words may sit a few elements deep (the switch's title above its hint).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },

  // Imports: every path resolves (with the `~/` alias of tsconfig.json), none is imported twice,
  // no module imports itself, and none takes part in a cycle.
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      // The Prisma client is megabytes of generated code: its exports are not parsed.
      "import-x/ignore": ["/app/generated/"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json", alwaysTryTypes: true })],
    },
    rules: {
      "import-x/no-unresolved": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-self-import": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // TypeScript already checks named, default and namespace imports.
      "import-x/named": "off",
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
      // Imports go down the layers only: routes → components → lib; models → lib. Inside lib,
      // rules/ and schemas/ are pure, client/ is the browser's, server/ and media/ are the server's
      // (app/lib/README.md).
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/components",
              from: "./app/routes",
              message: "Components do not import routes: move the shared code to app/lib.",
            },
            {
              target: ["./app/lib", "./app/models"],
              from: ["./app/components", "./app/routes"],
              message: "Lib and models do not import components or routes.",
            },
            {
              target: "./app/lib",
              from: "./app/models",
              message: "Lib does not import models: code that needs a model is a model itself.",
            },
            {
              target: ["./app/lib/rules", "./app/lib/schemas"],
              from: ["./app/lib/server", "./app/lib/client", "./app/cache"],
              message: "Rules and schemas are pure, for the server and the browser alike: they import neither plumbing nor hooks.",
            },
            {
              target: ["./app/lib/server", "./app/lib/media", "./app/models", "./app/cache"],
              from: "./app/lib/client",
              message: "Server code does not import the browser's hooks: move the shared rule to app/lib/rules.",
            },
            {
              target: "./app/components",
              from: "./app/models",
              message: "Components do not import models, not even a type: the shapes they read live in app/lib/wire.",
            },
            {
              target: "./app/components",
              from: "./app/lib/server",
              message: "Components do not import server plumbing: the route's loader or action calls it.",
            },
            {
              target: "./app/cache",
              from: ["./app/routes", "./app/components", "./app/models"],
              message: "The caches sit beside lib: models and routes use them, never the other way round.",
            },
            {
              target: "./server",
              from: ["./app/routes", "./app/components", "./app/models"],
              message: "The server is plumbing in front of the app: it imports app/lib only, and reaches the app through the build.",
            },
            {
              target: "./app",
              from: "./server",
              message: "The app does not import the server in front of it.",
            },
          ],
        },
      ],
    },
  },

  {
    rules: {
      // A `let` that a closure reads before its one assignment (a timer cleared on close) stays `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Unused variables are errors, but a leading underscore marks one kept on purpose.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // Tests run under Vitest with its globals, and Playwright.
  {
    files: ["tests/**/*.{ts,tsx}", "**/*.test.{ts,tsx}"],
    languageOptions: { globals: { ...globals.vitest } },
    // Tests read whatever fields of a JSON answer they check: its type is honestly unknown-shaped.
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // Playwright fixtures call `use(value)`, which is no React hook: the browser tests hold no components.
  {
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
