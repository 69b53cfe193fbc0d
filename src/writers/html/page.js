// kifu replay page: draws each position from its position string with the looks and
// placements kifu wrote into the page (the same as `kifu render` draws), and steps through the
// moves. No network, no library.
"use strict";
(function () {
  var D = JSON.parse(document.getElementById("kifu-data").textContent);
  D.games = Array.prototype.map.call(document.querySelectorAll("script.kifu-game"), function (s) {
    return JSON.parse(s.textContent);
  });
  var board = document.getElementById("board");
  var status = document.getElementById("status");
  var game = 0, cur = 0, flip = D.flip ? 1 : 0;

  // Children (the line's own continuation first, then the variations) and depth of each ply.
  D.games.forEach(function (g) {
    g.kids = g.plies.map(function () { return []; });
    g.depth = [0];
    g.plies.forEach(function (p, i) {
      if (i) { g.kids[p[0]].push(i); g.depth[i] = g.depth[p[0]] + 1; }
    });
  });

  // A position string: the token on each square (position-string order) and the hand letters.
  function parse(kind, pos) {
    var f = pos.split(" "), b = f[0], hand = "", cells = [];
    var k = b.indexOf("[");
    if (k >= 0) { hand = b.slice(k + 1, b.indexOf("]")); b = b.slice(0, k); }
    else if (kind === "gufu") { hand = f[2] || ""; }
    if (hand === "-") hand = "";
    b.split("/").forEach(function (rank) {
      var i = 0;
      while (i < rank.length) {
        var c = rank[i];
        if (c >= "0" && c <= "9") {
          var j = i;
          while (j < rank.length && rank[j] >= "0" && rank[j] <= "9") j++;
          for (var e = +rank.slice(i, j); e > 0; e--) cells.push(null);
          i = j;
        } else if (c === "+" || kind === "gufu") {
          cells.push(rank.slice(i, i + 2)); i += 2;
        } else {
          cells.push(c); i += 1;
        }
      }
    });
    return { cells: cells, hand: hand };
  }

  function use(cls, id, xy, extra) {
    var p = xy.split(",");
    return '<use class="' + cls + '"' + (extra || "") + ' href="#' + id + '" x="' + p[0] +
      '" y="' + p[1] + '"/>';
  }

  function mount() {
    var id = "frame-" + D.games[game].kind + "-" + flip;
    if (board.getAttribute("data-frame") !== id) {
      board.replaceChildren(document.getElementById(id).content.cloneNode(true));
      board.setAttribute("data-frame", id);
    }
    return board.querySelector("svg");
  }

  function draw() {
    var g = D.games[game], K = D.kinds[g.kind], V = K.views[flip], p = g.plies[cur];
    var svg = mount(), pos = parse(K.game, p[1]), s = "";
    pos.cells.forEach(function (t, i) {
      if (t && V.look[t]) s += use("piece", V.look[t], V.sq[i], ' data-square="' + K.names[i] + '"');
    });
    svg.querySelector(".pieces").innerHTML = s;
    s = "";
    p[2].forEach(function (i) {
      s += use("lastmove", V.lastmove, V.lit[i], ' data-square="' + K.names[i] + '"');
    });
    if (p[3] >= 0) s += use("check", V.check, V.lit[p[3]], ' data-square="' + K.names[p[3]] + '"');
    svg.querySelector(".highlights").innerHTML = s;
    V.hands.forEach(function (H) {
      var items = [];
      if (K.game === "wa") {
        K.kinds.split("").forEach(function (L) {
          var l = H.side === "black" ? L : L.toLowerCase(), n = pos.hand.split(l).length - 1;
          if (n) items.push([l, n]);
        });
      } else {
        pos.hand.split("").forEach(function (l) { items.push([l, 1]); });
      }
      var h = svg.querySelector(".hand." + H.side);
      if (H.tops) h.setAttribute("transform", "translate(0," + H.tops[items.length] + ")");
      var t = items.length ? "" : use("none", H.noneId, H.none);
      items.forEach(function (it, i) {
        t += use("piece in-hand", H.look[it[0]], H.slots[i]);
        if (it[1] > 1) t += use("count", V.count[it[1]], H.counts[i]);
      });
      h.querySelector(".hand-pieces").innerHTML = t;
    });
    board.setAttribute("data-game", game + 1);
    board.setAttribute("data-ply", g.depth[cur]);
    board.setAttribute("data-position", p[1]);
    var list = document.getElementById("moves-" + game);
    document.querySelectorAll(".moves").forEach(function (m) { m.hidden = m !== list; });
    document.querySelectorAll(".games a").forEach(function (a, i) {
      a.classList.toggle("current", i === game);
    });
    var old = document.querySelector(".mv.current");
    if (old) old.classList.remove("current");
    var now = list.querySelector('.mv[data-i="' + cur + '"]');
    // The move as the list writes it (kanji drawn from the page's outlines too).
    status.innerHTML = now ? "ply " + g.depth[cur] + ": " + p[4] + " " + now.innerHTML : "start position";
    if (now) {
      now.classList.add("current");
      within(list, now);
    }
    var link = document.querySelector(".games a.current");
    if (link) within(link.closest("ol"), link);
    // The address: #ply=N on the main line (with game=G after the first game).
    var main = onMain(g, cur), hash = (game ? "game=" + (game + 1) + "&" : "") +
      (main ? "ply=" + g.depth[cur] : "node=" + cur);
    if (location.hash.slice(1) !== hash && history.replaceState) history.replaceState(null, "", "#" + hash);
  }

  // Scrolls box so that e shows, and nothing else (the window never moves).
  function within(box, e) {
    var r = e.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.top < b.top) box.scrollTop -= b.top - r.top;
    else if (r.bottom > b.bottom) box.scrollTop += Math.min(r.bottom - b.bottom, r.top - b.top);
  }

  function onMain(g, i) {
    while (i) { var p = g.plies[i][0]; if (g.kids[p][0] !== i) return false; i = p; }
    return true;
  }

  function go(gm, i) { game = gm; cur = i; draw(); }

  function step(d) {
    var g = D.games[game];
    if (d < 0 && cur) go(game, g.plies[cur][0]);
    if (d > 0 && g.kids[cur].length) go(game, g.kids[cur][0]);
  }

  function end() {
    var g = D.games[game], i = cur;
    while (g.kids[i].length) i = g.kids[i][0];
    go(game, i);
  }

  // Up/down: the other moves played here (the move and its variations); where there are none,
  // the previous or next game.
  function other(d) {
    var g = D.games[game];
    if (cur) {
      var sib = g.kids[g.plies[cur][0]];
      if (sib.length > 1) {
        go(game, sib[(sib.indexOf(cur) + d + sib.length) % sib.length]);
        return;
      }
    }
    var n = game + d;
    if (n >= 0 && n < D.games.length) go(n, 0);
  }

  function fromHash() {
    var q = {};
    location.hash.slice(1).split("&").forEach(function (kv) {
      var p = kv.split("=");
      if (p.length === 2) q[p[0]] = parseInt(p[1], 10);
    });
    var gm = q.game >= 1 && q.game <= D.games.length ? q.game - 1 : 0, g = D.games[gm], i = 0;
    if (q.node >= 0 && q.node < g.plies.length) i = q.node;
    else for (var n = q.ply || 0; n > 0 && g.kids[i].length; n--) i = g.kids[i][0];
    go(gm, i);
  }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key;
    if (k === "ArrowLeft") step(-1);
    else if (k === "ArrowRight") step(1);
    else if (k === "Home") go(game, 0);
    else if (k === "End") end();
    else if (k === "ArrowUp") other(-1);
    else if (k === "ArrowDown") other(1);
    else return;
    e.preventDefault();
  });
  document.addEventListener("click", function (e) {
    var t = e.target.closest("[data-i], [data-game-link], button[data-act]");
    if (!t) return;
    e.preventDefault();
    if (t.hasAttribute("data-i")) go(+t.closest(".moves").getAttribute("data-game"), +t.getAttribute("data-i"));
    else if (t.hasAttribute("data-game-link")) go(+t.getAttribute("data-game-link"), 0);
    else {
      var a = t.getAttribute("data-act");
      if (a === "start") go(game, 0);
      else if (a === "prev") step(-1);
      else if (a === "next") step(1);
      else if (a === "end") end();
      else if (a === "flip") { flip = 1 - flip; draw(); }
    }
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
