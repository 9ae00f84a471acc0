// Starts Swagger UI on the service's OpenAPI document (a file, not an inline script: see
// redoc-init.js). validatorUrl null: Swagger UI would otherwise load a badge from
// validator.swagger.io, another host.
(function () {
  var script = document.currentScript;
  window.ui = SwaggerUIBundle({
    url: script.dataset.spec,
    dom_id: "#swagger-container",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
})();
