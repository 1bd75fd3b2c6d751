// The page's script: it sends a form without leaving the page, shows the progress, lets the work be cancelled,
// and shows the first pages and the downloads. Without it the forms still work: the server answers with the file.
"use strict";

(function () {
  const words = document.body.dataset;

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    for (const child of children || []) node.append(child);
    return node;
  }

  // The attributes marking words in another language than the page's: the command's messages are English.
  function foreign(said) {
    return said && said !== document.documentElement.lang ? { lang: said } : {};
  }

  function clearProblems(form, problems) {
    problems.hidden = true;
    problems.replaceChildren();
    for (const error of form.querySelectorAll(".error")) {
      error.hidden = true;
      error.textContent = "";
      error.removeAttribute("lang");
    }
    for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    for (const field of form.querySelectorAll(".has-error")) field.classList.remove("has-error");
  }

  function showProblems(problems, nodes) {
    problems.replaceChildren(...nodes);
    problems.hidden = false;
    problems.focus();
  }

  // The command's messages are English; the page's own refusals are in the page's language (outcome.said).
  function fieldError(form, problems, key, message, said) {
    const field = key ? form.querySelector(`.field[data-key="${CSS.escape(key)}"]`) : null;
    if (!field) {
      showProblems(problems, [element("p", foreign(said), [message])]);
      return;
    }
    field.classList.add("has-error");
    const error = field.querySelector(".error");
    error.textContent = message;
    if (said !== document.documentElement.lang) error.lang = said;
    error.hidden = false;
    const input = field.querySelector("input, select");
    input.setAttribute("aria-invalid", "true");
    const link = element("a", { href: "#" + input.id, ...foreign(said) }, [message]);
    showProblems(problems, [element("p", {}, [words.problem]), element("ul", {}, [element("li", {}, [link])])]);
  }

  function showResult(form, problems, result, outcome) {
    if (outcome.status === 2 || (outcome.status === 1 && outcome.field)) {
      result.hidden = true;
      fieldError(form, problems, outcome.field, outcome.message, outcome.said);
      return;
    }
    if (outcome.status === -1 || outcome.status === 70) {
      result.hidden = true;
      showProblems(problems, [element("p", {}, [outcome.message])]);
      return;
    }
    const parts = [];
    if (outcome.files.length) {
      parts.push(element("h2", {}, [words.ready]));
      const list = element("ul", { class: "files" });
      for (const file of outcome.files) {
        const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
        const url = URL.createObjectURL(new Blob([bytes], { type: file.type }));
        const link = element("a", { href: url, download: file.name, class: "download" }, [
          `${words.download} ${file.name}`,
        ]);
        list.append(element("li", {}, [link, " ", element("span", { class: "size" }, [file.label])]));
      }
      parts.push(list);
    }
    if (outcome.preview.length) {
      parts.push(element("h2", {}, [words.preview]));
      const pictures = element("div", { class: "preview" });
      outcome.preview.forEach((picture) => pictures.append(element("img", { src: picture.src, alt: picture.alt })));
      parts.push(pictures);
    }
    if (outcome.lines.length) {
      parts.push(element("h2", {}, [words.report]));
      parts.push(element("pre", foreign("en"), [outcome.lines.join("\n")]));
    }
    if (outcome.status === 1 && outcome.files.length === 0 && form.dataset.files === "yes") {
      showProblems(problems, [element("pre", foreign("en"), [outcome.lines.join("\n")])]);
      result.hidden = true;
      return;
    }
    result.replaceChildren(...parts);
    result.hidden = false;
  }

  async function send(form, controller, onLine) {
    const response = await fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/x-ndjson" },
      signal: controller.signal,
      credentials: "same-origin",
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        if (line) onLine(JSON.parse(line));
      }
    }
  }

  for (const form of document.querySelectorAll("form[data-job]")) {
    const problems = document.getElementById("problems");
    const result = document.getElementById("result");
    const submit = form.querySelector("button[type=submit]");
    const cancel = form.querySelector("button.cancel");
    let controller = null;

    cancel.addEventListener("click", () => controller && controller.abort());
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearProblems(form, problems);
      controller = new AbortController();
      const progress = element("progress", { max: "1" });
      const status = element("p", { class: "status", role: "status" }, [words.working]);
      result.replaceChildren(status, progress);
      result.hidden = false;
      submit.disabled = true;
      cancel.hidden = false;
      try {
        await send(form, controller, (message) => {
          if (message.progress) {
            const step = message.progress;
            progress.setAttribute("max", String(step.total));
            progress.setAttribute("value", String(step.done));
            status.textContent = `${words.working} ${step.done}/${step.total}`;
          } else if (message.refused) {
            result.hidden = true;
            showProblems(problems, [element("p", {}, [message.refused])]);
          } else if (message.result) {
            showResult(form, problems, result, message.result);
          }
        });
      } catch (error) {
        result.replaceChildren(element("p", { class: "status", role: "status" }, [words.cancelled]));
        result.hidden = false;
      } finally {
        submit.disabled = false;
        cancel.hidden = true;
        controller = null;
      }
    });
  }
})();
