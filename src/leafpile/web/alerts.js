// The table page's sounds and reminders. Sounds are made here with Web Audio (short, quiet
// tones: nothing recorded, nothing of unclear licence): your turn, a move, the end of the game,
// a low clock; a mute switch remembered by this browser. A reminder is the browser's
// Notification when it is your turn and the page is hidden, asked for only after a click on
// "Notify me" (the tab title and icon say it too, see seating.js).
import { el } from "/static/api.js";
import { t } from "/static/i18n.js";
import { motionOn, reducedMotion, setMotion } from "/static/board.js";

const SOUND_KEY = "leafpile.sound"; // "off": muted on this browser
const NOTIFY_KEY = "leafpile.notify"; // "on": the person asked for reminders
//: Each sound as notes: [frequency Hz, start s, length s, wave, loudness (0-1, kept low)]
const SOUNDS = {
  turn: [
    [660, 0, 0.12, "sine", 0.08],
    [880, 0.12, 0.2, "sine", 0.08],
  ],
  move: [[440, 0, 0.07, "triangle", 0.05]],
  end: [
    [523, 0, 0.16, "sine", 0.07],
    [659, 0.16, 0.16, "sine", 0.07],
    [784, 0.32, 0.32, "sine", 0.07],
  ],
  clock: [
    [988, 0, 0.08, "square", 0.03],
    [988, 0.18, 0.08, "square", 0.03],
  ],
};

let audio = null;

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== "off";
}

/** Play one of SOUNDS (nothing when muted or when the browser has no Web Audio). */
export function play(kind) {
  if (!soundOn()) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
  } catch (e) {
    // a browser without an audio output: the table plays on in silence, once said
    console.warn("no sound on this browser", e);
    localStorage.setItem(SOUND_KEY, "off");
    return;
  }
  // refused until the person has clicked on the page: the next sound asks again
  if (audio.state === "suspended" && audio.resume) audio.resume().catch(() => {});
  const start = audio.currentTime + 0.01;
  for (const [freq, at, length, wave, loud] of SOUNDS[kind]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = wave;
    osc.frequency.setValueAtTime(freq, start + at);
    // a soft attack and an exponential fade: no click
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(loud, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain);
    gain.connect(audio.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  }
}

function notifyWanted() {
  return (
    "Notification" in window &&
    localStorage.getItem(NOTIFY_KEY) === "on" &&
    Notification.permission === "granted"
  );
}

/** The switches (sound, "Notify me") and the table's moments turned into sounds and
 *  reminders: `update(state)` after every state, `clockLow()` when the seat's clock runs low. */
export function createAlerts(root, { title = () => "" } = {}) {
  let previous = null;
  const sound = el("button", { id: "sound-toggle", type: "button", class: "alert-switch" });
  const notify = el("button", { id: "notify-me", type: "button", class: "alert-switch" });
  const motion = el("button", { id: "motion-toggle", type: "button", class: "alert-switch" });
  function draw() {
    const on = soundOn();
    sound.textContent = on ? t("Sound on") : t("Sound off");
    sound.setAttribute("aria-pressed", String(on));
    sound.title = on ? t("Mute the table's sounds") : t("Play the table's sounds");
    const supported = "Notification" in window;
    notify.hidden = !supported || Notification.permission === "denied";
    notify.textContent = notifyWanted() ? t("Notifications on") : t("Notify me");
    notify.setAttribute("aria-pressed", String(notifyWanted()));
    notify.title = t("A notification when it is your turn and this page is not in sight");
    motion.textContent = motionOn() ? t("Animations on") : t("Animations off");
    motion.setAttribute("aria-pressed", String(motionOn()));
    motion.disabled = reducedMotion(); // the system asks for less motion: off
    motion.title = reducedMotion()
      ? t("Your system asks for less motion: moves are not animated")
      : t("Animate the moves from where each piece comes from");
  }
  sound.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    draw();
  });
  notify.addEventListener("click", async () => {
    if (notifyWanted()) {
      localStorage.setItem(NOTIFY_KEY, "off");
    } else {
      localStorage.setItem(NOTIFY_KEY, "on");
      if (Notification.permission !== "granted") await Notification.requestPermission();
    }
    draw();
  });
  motion.addEventListener("click", () => {
    setMotion(!motionOn());
    draw();
  });
  root.append(motion, sound, notify);
  draw();

  function remind(msg) {
    if (!document.hidden || !notifyWanted()) return;
    const note = new Notification(t("Your turn"), {
      body: t("{game}: it is your turn to play", { game: title() }),
      tag: `leafpile-${msg.table}`,
    });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  }

  return {
    update(msg) {
      const before = previous;
      previous = msg;
      if (!before || before.table !== msg.table) return; // the page just opened: quiet
      const mine = msg.status === "playing" && msg.you !== null && msg.to_move === msg.you;
      const wasMine =
        before.status === "playing" && before.you !== null && before.to_move === before.you;
      if (msg.status === "finished" && before.status !== "finished") play("end");
      else if (mine && !wasMine) {
        play("turn");
        remind(msg);
      } else if (msg.version > before.version) play("move");
    },
    clockLow() {
      play("clock");
    },
  };
}
