// A random bot over openapi-fetch and the generated types: creates a game, plays every seat
// with random legal commands until the game is over, and returns the final ranking.
// Type-checked by the tests (`tsc --strict --noEmit`). Run it, after `npm ci` in
// clients/typescript (tsx is a pinned devDependency), with
// `npx tsx examples/bot.ts http://127.0.0.1:8000 azul 2` (README.md here).
import createClient from "openapi-fetch";
import type { components, paths } from "../src/schema";

type Schemas = components["schemas"];
type GameSlug = Schemas["GameType"]["game"];
type Command = Schemas["LegalCommands"]["commands"][number];
type Event = Schemas["EventOut"]["data"];

/** A client acting for one seat: its bearer token on every request. */
function seatClient(baseUrl: string, token: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
}

/** One line per event; the discriminated union narrows `event` by its `type`. */
function describe(event: Event): string {
  switch (event.type) {
    case "azul.tiles_taken":
      return `seat ${event.seat} took ${event.count} ${event.colour}`;
    case "carcassonne.tile_placed":
      return `tile placed`;
    default:
      return event.type;
  }
}

export async function playRandomGame(
  baseUrl: string,
  game: GameSlug,
  players: number,
): Promise<Schemas["Result"]> {
  const spectator = createClient<paths>({ baseUrl });
  const created = await spectator.POST("/games", {
    body: { game, seats: Array.from({ length: players }, (_, i) => ({ name: `bot${i}` })) },
  });
  if (created.error) {
    throw new Error(`create refused: ${created.error.code} ${created.error.detail ?? ""}`);
  }
  const gameId = created.data.id;
  const seats = created.data.seats.map((seat) => seatClient(baseUrl, seat.token));
  const path = { game_id: gameId };

  for (let turn = 0; turn < 100_000; turn++) {
    const view = await spectator.GET("/games/{game_id}", { params: { path } });
    if (view.error) throw new Error(`view refused: ${view.error.code}`);
    if (view.data.status === "finished") {
      if (view.data.result === null) throw new Error("a finished game has a result");
      return view.data.result;
    }
    const seat = view.data.to_act[0];
    const client = seat === undefined ? undefined : seats[seat];
    if (client === undefined) throw new Error("an active game has a seat to act");
    const legal = await client.GET("/games/{game_id}/legal-commands", { params: { path } });
    if (legal.error) throw new Error(`legal commands refused: ${legal.error.code}`);
    const commands: Command[] = legal.data.commands;
    const command = commands[Math.floor(Math.random() * commands.length)];
    if (command === undefined) throw new Error("a seat to act has a legal command");
    const accepted = await client.POST("/games/{game_id}/commands", {
      params: { path },
      body: { command, expected_version: legal.data.version },
    });
    if (accepted.error) throw new Error(`command refused: ${accepted.error.code}`);
    for (const event of accepted.data.events) console.log(event.version, describe(event.data));
  }
  throw new Error("the game did not end");
}

const [baseUrl, game, players] = typeof process === "undefined" ? [] : process.argv.slice(2);
if (baseUrl && game) {
  playRandomGame(baseUrl, game as GameSlug, Number(players ?? "2")).then(
    (result) => console.log(JSON.stringify(result.ranking)),
    (error: unknown) => {
      console.error(error);
      if (typeof process !== "undefined") process.exitCode = 1;
    },
  );
}

declare const process: { argv: string[]; exitCode?: number } | undefined;
