// A study site in Eleventy, set up as docs/rendering.md (Publishing) tells one to be, which
// StaticSiteTest builds around the rendered card: pages in content/, written there by
// `chain render -o content/cards/` (flat) or with `--layout bundle` (a folder a page).
export default function (eleventyConfig) {
  // Only Markdown is a page. The standalone NAME.html of `render --interactive` is a file to copy:
  // as a template it would be written to NAME/index.html, where the Markdown page goes.
  eleventyConfig.setTemplateFormats(["md"]);
  // The figures, the explorable page's scripts, its practice models and its standalone .html,
  // copied where they are.
  eleventyConfig.addPassthroughCopy("content/**/*.svg");
  eleventyConfig.addPassthroughCopy("content/**/chain-page.js");
  eleventyConfig.addPassthroughCopy("content/**/chain-practice.js");
  eleventyConfig.addPassthroughCopy("content/**/*.practice.js");
  eleventyConfig.addPassthroughCopy("content/**/*.html");
  // A layout that prints the front matter's title, as a site's theme does: `render --front-matter`
  // leaves the title to it.
  eleventyConfig.addGlobalData("layout", "page.liquid");
  return { dir: { input: "content", includes: "../_includes", output: "_site" } };
}
