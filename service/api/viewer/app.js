// Entry point: one page per path (/viewer/, /viewer/games/{id}, /viewer/tournaments/{id}).

import { h } from "./dom.js";
import { gamePage } from "./game.js";
import { listPage } from "./list.js";
import { tournamentPage } from "./tournament.js";

const root = document.getElementById("app");
const path = location.pathname.replace(/\/+$/, "");
const game = path.match(/^\/viewer\/games\/([0-9a-f-]{36})$/);
const tournament = path.match(/^\/viewer\/tournaments\/([0-9a-f-]{36})$/);

const page = game ? gamePage(root, game[1]) : tournament ? tournamentPage(root, tournament[1]) : listPage(root);
page.catch((error) => {
  root.replaceChildren(h("p", { class: "banner error" }, `Cannot show this page: ${error.message}`),
    h("p", {}, h("a", { href: "/viewer/" }, "← all games")));
});
