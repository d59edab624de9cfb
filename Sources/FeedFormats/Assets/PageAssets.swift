import Foundation
import NewsModel

/// The files the HTML pages use, under `<output>/assets/`: one stylesheet (light and dark themes),
/// one small script (the theme choice and the broken-image fallback), a favicon, and the
/// bundled default image. Embedded in code like ``DefaultImageAsset``, so a copied binary has them.
///
/// Pages load nothing else: no CDN, no web fonts, and their Content-Security-Policy allows only
/// these files from the page's own origin (plus story images from anywhere).
public enum PageAssets {
    public static let stylesheetPath = "assets/newsfeed.css"
    public static let scriptPath = "assets/newsfeed.js"
    public static let faviconPath = FaviconAsset.relativePath

    /// Every asset's path and bytes, the default image included.
    public static var files: [(relativePath: String, data: Data)] {
        [
            (stylesheetPath, Data(stylesheet.utf8)), (scriptPath, Data(script.utf8)),
            (faviconPath, FaviconAsset.data), (DefaultImageAsset.relativePath, DefaultImageAsset.data),
        ]
    }

    /// The bytes of the asset at `relativePath`, nil when it is not one of them.
    public static func data(at relativePath: String) -> Data? {
        files.first { $0.relativePath == relativePath }?.data
    }

    /// The policy every page sets in a `<meta http-equiv>`: nothing by default; styles, scripts and
    /// the icon from the page's origin; images also from publishers (story images live there).
    public static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' https: http:; "
        + "base-uri 'none'; form-action 'none'"

    /// Colors are custom properties per theme. Light: text #1f1f1f on #ffffff (16.5:1), muted
    /// #5f6368 (6.1:1), links #0b57d0 (6.4:1). Dark: text #e3e3e3 on #131314 (14.5:1), muted
    /// #a8adb4 (8.2:1), links #a8c7fa (10.8:1); every pair stays above 4.5:1 on the card colour too.
    /// `data-theme` (set by the toggle) wins over `prefers-color-scheme`.
    package static let stylesheet = """
        :root {
          color-scheme: light;
          --bg: #ffffff; --card: #f6f8fa; --fg: #1f1f1f; --muted: #5f6368; --link: #0b57d0;
          --rule: #d0d7de; --button-bg: #ffffff; --button-fg: #1f1f1f; --bad: #b3261e;
          --placeholder-filter: none;
        }
        @media (prefers-color-scheme: dark) {
          :root:not([data-theme="light"]) {
            color-scheme: dark;
            --bg: #131314; --card: #1e1f21; --fg: #e3e3e3; --muted: #a8adb4; --link: #a8c7fa;
            --rule: #3c4043; --button-bg: #1e1f21; --button-fg: #e3e3e3; --bad: #f2b8b5;
            --placeholder-filter: invert(1) hue-rotate(180deg) brightness(0.8);
          }
        }
        :root[data-theme="dark"] {
          color-scheme: dark;
          --bg: #131314; --card: #1e1f21; --fg: #e3e3e3; --muted: #a8adb4; --link: #a8c7fa;
          --rule: #3c4043; --button-bg: #1e1f21; --button-fg: #e3e3e3; --bad: #f2b8b5;
          --placeholder-filter: invert(1) hue-rotate(180deg) brightness(0.8);
        }
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--fg);
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
        }
        a { color: var(--link); }
        a:focus-visible, button:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
        .page-header { border-bottom: 1px solid var(--rule); background: var(--card); }
        .page-header-inner, main, .page-footer { max-width: 60rem; margin: 0 auto; padding: 1rem; }
        .page-header-inner { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0.5rem 1rem; }
        .page-title { flex: 1 1 16rem; min-width: 0; }
        h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
        /* A section heading of a page's body (the status page's "NewsAPI quota"): never larger than the page's
           title, which is 1.125rem on a narrow screen. */
        main > h2 { font-size: 1.125rem; line-height: 1.3; margin: 1.5rem 0 0.5rem; overflow-wrap: anywhere; }
        .subtitle, .meta, .muted, .page-footer { color: var(--muted); }
        .subtitle { margin: 0 0 0.5rem; font-size: 0.9375rem; }
        .subscribe { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; margin: 0; padding: 0; list-style: none; }
        .theme-choice { font-size: 0.875rem; color: var(--muted); display: inline-flex; align-items: center; gap: 0.25rem; }
        .theme-choice[hidden] { display: none; }
        .theme-choice select {
          font: inherit; min-height: 44px; padding: 0 0.5rem; border-radius: 6px; cursor: pointer;
          border: 1px solid var(--rule); background: var(--button-bg); color: var(--button-fg);
        }
        .summary-line { color: var(--muted); margin: 0 0 1rem; font-size: 0.875rem; }
        .stories { list-style: none; margin: 0; padding: 0; }
        .story {
          display: grid; grid-template-columns: 160px minmax(0, 1fr); gap: 1rem; align-items: start;
          padding: 1rem 0; border-bottom: 1px solid var(--rule);
        }
        .story.no-image { grid-template-columns: minmax(0, 1fr); }
        .story-image {
          display: block; width: 160px; height: 90px; object-fit: cover; border-radius: 6px;
          background: var(--card);
        }
        .story-image.is-placeholder, .story-image.is-fallback { filter: var(--placeholder-filter); }
        .story h2 { font-size: 1.0625rem; line-height: 1.35; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
        .story h2 a { text-decoration: none; }
        .story h2 a:hover { text-decoration: underline; }
        .meta { font-size: 0.8125rem; margin: 0 0 0.25rem; }
        .description {
          margin: 0; overflow-wrap: anywhere;
          display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 6; overflow: hidden;
        }
        .description.is-expanded { display: block; -webkit-line-clamp: none; }
        .more {
          font: inherit; font-size: 0.8125rem; color: var(--link); background: none; border: 0; padding: 0;
          min-height: 44px; cursor: pointer; text-decoration: underline;
        }
        .tags { margin: 0 0 0.25rem; }
        .tag {
          display: inline-block; font-size: 0.75rem; padding: 0 0.5rem; border-radius: 999px;
          border: 1px solid var(--rule); color: var(--muted);
        }
        .mark { margin-right: 0.25rem; }
        .feeds { list-style: none; margin: 0; padding: 0; }
        .feed { padding: 0.75rem 0; border-bottom: 1px solid var(--rule); }
        .feed h2 { font-size: 1.0625rem; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
        .feed.failed { border-left: 4px solid var(--bad); padding-left: 0.75rem; }
        /* A line after a list of feeds (the status page's "Not paused.") gets the entries' room on both sides. */
        .feeds + p { margin: 0.75rem 0; }
        .bad, .badge { color: var(--bad); }
        .badge { font-size: 0.875rem; }
        .error { margin: 0 0 0.25rem; }
        .detail { color: var(--muted); font-size: 0.8125rem; overflow-wrap: anywhere; }
        .formats { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; margin: 0.25rem 0 0; padding: 0; list-style: none; }
        .page-footer { font-size: 0.8125rem; }
        /* Narrow screens: a compact header that hides nothing (the title beside the theme choice, then the
           whole subtitle and the subscribe links on the full width, wrapping rather than scrolling or
           cut off), a small image beside a title that keeps three quarters of the width, and tap targets
           44 px tall. */
        @media (max-width: 480px) {
          .page-header-inner, main, .page-footer { padding: 0.5rem 0.75rem; }
          .page-header-inner { gap: 0 0.5rem; align-items: center; }
          .page-title { display: contents; }
          h1 { font-size: 1.125rem; margin: 0; flex: 1 1 0; }
          .theme-choice { flex: none; }
          .subtitle { order: 1; flex: 1 0 100%; margin: 0; font-size: 0.8125rem; overflow-wrap: anywhere; }
          .subscribe { order: 2; flex: 1 0 100%; gap: 0 0.5rem; font-size: 0.875rem; }
          .subscribe a, .formats a { display: inline-flex; align-items: center; min-height: 44px; }
          .summary-line { margin: 0 0 0.25rem; }
          .story { grid-template-columns: 80px minmax(0, 1fr); gap: 0.75rem; padding: 0.75rem 0; }
          .story.no-image { grid-template-columns: minmax(0, 1fr); }
          .story-image { width: 80px; height: 45px; }
          .story h2 a { display: inline-block; min-height: 44px; }
        }

        """

    /// Runs in `<head>` (no `defer`): the stored theme applies before the first paint, and the
    /// image-error listener is in place before any image can fail. Without JavaScript the page
    /// follows `prefers-color-scheme` and the theme choice stays hidden. The choice is three-way:
    /// "system" forgets the stored theme, so the page follows the system setting again.
    package static let script = """
        (function () {
          "use strict";
          var root = document.documentElement;
          var key = "newsfeed-theme";
          function stored() {
            try { return window.localStorage.getItem(key); } catch (e) { return null; }
          }
          function apply(theme) {
            if (theme === "light" || theme === "dark") { root.setAttribute("data-theme", theme); }
            else { root.removeAttribute("data-theme"); }
          }
          function store(theme) {
            try {
              if (theme === "light" || theme === "dark") { window.localStorage.setItem(key, theme); }
              else { window.localStorage.removeItem(key); }
            } catch (e) { }
          }
          function useFallback(image) {
            var fallback = image.getAttribute("data-fallback");
            if (fallback && image.getAttribute("src") !== fallback) {
              // A cached copy's srcset would win over src: drop it, or the fallback never shows.
              image.removeAttribute("srcset");
              image.setAttribute("src", fallback);
              image.classList.add("is-fallback");
            }
          }
          apply(stored());
          document.addEventListener("error", function (event) {
            var target = event.target;
            if (target && target.tagName === "IMG") { useFallback(target); }
          }, true);
          // A clamped description gets a real button after it (keyboard and screen readers reach it); a tap on the
          // text itself does the same. Expanding is one way: the button goes and the focus moves to the text.
          function expand(description) {
            description.classList.add("is-expanded");
            var button = description.nextElementSibling;
            if (button && button.classList.contains("more")) {
              var hadFocus = document.activeElement === button;
              button.parentNode.removeChild(button);
              if (hadFocus) { description.setAttribute("tabindex", "-1"); description.focus(); }
            }
          }
          document.addEventListener("click", function (event) {
            var target = event.target;
            if (!target || !target.classList) { return; }
            if (target.classList.contains("description")) { expand(target); }
            if (target.classList.contains("more")) { expand(target.previousElementSibling); }
          });
          document.addEventListener("DOMContentLoaded", function () {
            var images = document.querySelectorAll("img[data-fallback]");
            for (var i = 0; i < images.length; i++) {
              if (images[i].complete && images[i].naturalWidth === 0) { useFallback(images[i]); }
            }
            var descriptions = document.querySelectorAll(".description");
            for (var j = 0; j < descriptions.length; j++) {
              var description = descriptions[j];
              if (description.scrollHeight <= description.clientHeight + 1) { continue; }
              if (!description.id) { description.id = "description-" + (j + 1); }
              var more = document.createElement("button");
              more.type = "button";
              more.className = "more";
              more.textContent = "Show all";
              more.setAttribute("aria-expanded", "false");
              more.setAttribute("aria-controls", description.id);
              description.parentNode.insertBefore(more, description.nextSibling);
            }
            var choice = document.getElementById("theme-choice");
            if (!choice) { return; }
            var theme = stored();
            choice.value = theme === "light" || theme === "dark" ? theme : "system";
            choice.parentNode.hidden = false;
            choice.addEventListener("change", function () {
              apply(choice.value);
              store(choice.value);
            });
          });
        })();

        """
}
