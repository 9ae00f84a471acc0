// Starts Redoc on the service's OpenAPI document. A file, not an inline script: the docs
// pages' Content-Security-Policy allows scripts from this origin only. The page's nonce goes
// to Redoc, which puts it on the <style> elements it writes (the CSP's style-src allows
// those by that nonce, and no other inline style).
(function () {
  var script = document.currentScript;
  Redoc.init(
    script.dataset.spec,
    { nonce: script.nonce },
    document.getElementById("redoc-container"),
  );
})();
