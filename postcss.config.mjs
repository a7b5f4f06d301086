/** Tailwind CSS v4 through its PostCSS plugin; the theme lives in app/globals.css. */
export default {
  plugins: { '@tailwindcss/postcss': {} },
};
