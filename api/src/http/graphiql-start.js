/* global document, self, addEventListener, YogaGraphiQL */
// Starts GraphiQL on /graphql. Its options sit in the page as a JSON data block, so the page
// runs no inline script and keeps the site's CSP (script-src 'self'). Loaded before the
// GraphiQL bundle (both deferred, in order) so Monaco finds its worker URLs when it starts.
const config = JSON.parse(document.getElementById("graphiql-config").textContent);
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_moduleId, label) => config.workers[label] };
addEventListener("DOMContentLoaded", () => {
  YogaGraphiQL.renderYogaGraphiQL(document.getElementById("root"), config.options);
});
