// Arbiter's web app: the lobby, a table for every game, the replay viewer,
// the Ephemeral figure-set builder and the Path 2 Victory warband builder.
import { render } from "preact";
import "./style.css";
import { BuildEphemeral } from "./build-ephemeral";
import { BuildP2v } from "./build-p2v";
import { Lobby } from "./lobby";
import { ReplayPage } from "./replay";
import { useRoute } from "./router";
import { JoinPage, TablePage } from "./table";

function App() {
  const r = useRoute();
  switch (r.page) {
    case "table":
      return <TablePage key={`${r.id}-${r.token}-${r.watch}`} id={r.id} token={r.token} seat={r.seat} watch={r.watch} />;
    case "join":
      return <JoinPage key={r.id} id={r.id} seat={r.seat} />;
    case "replay":
      return <ReplayPage key={r.id} id={r.id} step={r.step} />;
    case "build":
      return r.game === "p2v" ? <BuildP2v /> : <BuildEphemeral />;
    default:
      return <Lobby />;
  }
}

render(<App />, document.getElementById("app")!);
