// Read before the theme's script (overrides/main.html puts it first). The theme's copy button on
// every code block costs a wide source page a forced layout a block as it loads: some 650 blocks
// on the revesino's page (its citations in every style and its doctests), 18 seconds at 1280 px
// against 1.4 without it. On a source page the theme's button is turned off; a citation has its own
// (reading.js), put in when its paragraph's apparatus first opens.
(function () {
  var config = document.getElementById("__config");
  if (!config || !document.querySelector(".passage-text")) { return; }
  var app = JSON.parse(config.textContent || "{}");
  app.features = (app.features || []).filter(function (feature) { return feature !== "content.code.copy"; });
  config.textContent = JSON.stringify(app);
})();
