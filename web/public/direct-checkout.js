/* global document, window */
// /direct-checkout.html: starts the 7-day trial without the React app (spec §7:
// POST /api/auth/create-trial {email, name} → {checkoutUrl}, then open checkout).
// An external file because the Content-Security-Policy allows no inline scripts.
(function () {
  "use strict";

  var GENERIC_ERROR = "Unable to start trial. Please try again.";
  var form = document.getElementById("trial-form");
  var button = document.getElementById("submit");
  var formMessage = document.getElementById("form-message");
  var fields = {
    email: { input: document.getElementById("email"), error: document.getElementById("email-error") },
    name: { input: document.getElementById("name"), error: document.getElementById("name-error") },
  };

  function showMessage(text, tone) {
    formMessage.textContent = text;
    formMessage.className = tone === "info" ? "notice info" : "notice";
    formMessage.setAttribute("role", tone === "info" ? "status" : "alert");
    formMessage.hidden = !text;
  }

  function setFieldError(name, text) {
    var field = fields[name];
    field.error.textContent = text || "";
    field.error.hidden = !text;
    if (text) field.input.setAttribute("aria-invalid", "true");
    else field.input.removeAttribute("aria-invalid");
  }

  function setBusy(busy) {
    button.disabled = busy;
    button.textContent = busy ? "Processing..." : "Start Free Trial";
    fields.email.input.disabled = busy;
    fields.name.input.disabled = busy;
  }

  Object.keys(fields).forEach(function (name) {
    fields[name].input.addEventListener("input", function () {
      setFieldError(name, "");
    });
  });

  // Back from checkout through the browser's page cache: the form must work again.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      setBusy(false);
      showMessage("", "info");
    }
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var email = fields.email.input.value.trim().toLowerCase();
    var name = fields.name.input.value.trim();
    setFieldError("email", email ? "" : "Please enter your email address.");
    setFieldError("name", name ? "" : "Please enter your full name.");
    if (!email || !name) {
      showMessage("Please enter both email and name to start your trial.", "error");
      (email ? fields.name.input : fields.email.input).focus();
      return;
    }

    showMessage("", "info");
    setBusy(true);
    fetch("/api/auth/create-trial", {
      method: "POST",
      credentials: "include",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ email: email, name: name }),
    })
      .then(function (response) {
        return response.text().then(function (text) {
          var body = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = null;
          }
          return { ok: response.ok, body: body };
        });
      })
      .then(function (result) {
        var body = result.body || {};
        if (result.ok && body.checkoutUrl) {
          showMessage("Redirecting to Checkout: opening secure payment setup...", "info");
          window.location.assign(body.checkoutUrl);
          return;
        }
        setBusy(false);
        if (result.ok) {
          showMessage("No checkout URL received", "error");
          return;
        }
        var fieldMessages = [];
        (Array.isArray(body.errors) ? body.errors : []).forEach(function (fieldError) {
          var name = String(fieldError.field || "").split(".").pop();
          if (fields[name]) setFieldError(name, fieldError.message);
          fieldMessages.push(fieldError.message);
        });
        showMessage(fieldMessages.length > 0 ? fieldMessages.join(" ") : body.message || GENERIC_ERROR, "error");
      })
      .catch(function () {
        setBusy(false);
        showMessage("Unable to reach Tickerscope. Check your connection and try again.", "error");
      });
  });
})();
