// The web board inside Discord: the Activity's sign-in with Discord's Embedded App SDK.
//
// The page (board.js) loads this script only when Discord opened it (the SDK's frame_id in its
// address) and calls alcazarActivity.signIn. The SDK greets the Discord client, asks it for an
// OAuth2 code (scope identify), and the bot's server swaps that code with Discord for who the viewer
// is and checks that they are in this Activity's instance; the page never says who it is itself.
// When the channel has several games, the viewer picks one, with the server's words.
import { DiscordSDK } from "@discord/embedded-app-sdk";

// Discord's client answers the SDK's greeting at once; a page opened outside it would wait for ever.
const READY_SECONDS = 15;

// The session the page keeps in memory: {session, game_id, expires_at}.
async function signIn(clientId, page) {
  if (window.parent === window) throw new Error("not inside Discord's client");
  // The SDK would otherwise forward the page's console to the Discord client.
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await Promise.race([sdk.ready(), new Promise((resolve, reject) => setTimeout(
    () => reject(new Error("Discord's client did not answer")), READY_SECONDS * 1000))]);
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
  });
  // The instance id is a hint the server checks with Discord, as it does the code.
  const answer = await page.api("POST", "api/activity/session", { code, instance_id: sdk.instanceId });
  await sdk.commands.authenticate({ access_token: answer.access_token });
  if (answer.session) return { session: answer.session, game_id: answer.game_id, expires_at: answer.expires_at };
  const gameId = await pick(answer.choices, answer.words, page);
  return page.api("POST", "api/activity/pick", { pass: answer.pass, game_id: gameId });
}

// One button per game of the channel, worded by the server; resolves with the game picked.
function pick(choices, words, page) {
  return new Promise((resolve) => {
    const buttons = choices.map((choice) => page.el("li", {},
      page.el("button", { type: "button", class: "choice", "data-game": choice.game_id,
                          on: { click: () => resolve(choice.game_id) } },
              page.el("span", { class: "choice-title", text: choice.title }),
              page.el("span", { class: "choice-line", text: choice.line }))));
    page.showPanel(page.el("h1", { text: words.pick }), page.el("ul", { class: "choices" }, ...buttons));
  });
}

window.alcazarActivity = { signIn };
