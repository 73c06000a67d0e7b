#!/usr/bin/env python3
"""How long UGI programs take to answer `go movetime MS` (wall time).

    python3 scripts/movetime.py GAME MS MOVES "PROGRAM COMMAND" ["PROGRAM COMMAND" ...]

Each program plays MOVES moves against itself from `startpos` of GAME (for
`spielwerk ugi` the game is set with `setoption name Game`; a driver for one
game ignores it), each after `go movetime MS`; a line gives the median and
the longest answer, measured from sending `go` to reading `bestmove`, and
how many answers took longer than MS. On a busy machine the wall time also
counts the time other programs held the cores, so run the reference engine
in the same call: the programs take turns, one move each."""
import shlex, subprocess, sys, time


class Program:
    """One UGI program, started and greeted."""

    def __init__(self, command, game):
        self.name = shlex.split(command)[0].split("/")[-1]
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        self.moves, self.times, self.done = [], [], False
        self.send("ugi"); self.until("ugiok")
        self.send(f"setoption name Game value {game}")
        self.send("uginewgame"); self.send("isready"); self.until("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n"); self.process.stdin.flush()

    def until(self, word):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit(f"{self.name} ended")
            if line.split()[:1] == [word]:
                return line.split()

    def move(self, ms):
        """Plays one move; sets `done` when the program has none."""
        self.send("position startpos" + (" moves " + " ".join(self.moves) if self.moves else ""))
        started = time.monotonic()
        self.send(f"go movetime {ms}")
        answer = self.until("bestmove")
        self.times.append((time.monotonic() - started) * 1000)
        if len(answer) < 2 or answer[1] == "0000":
            self.done = True
        else:
            self.moves.append(answer[1])


def main():
    if len(sys.argv) < 5:
        raise SystemExit(__doc__)
    game, ms, moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    programs = [Program(command, game) for command in sys.argv[4:]]
    for _ in range(moves):
        for program in programs:
            if not program.done:
                program.move(ms)
    for program in programs:
        program.send("quit")
        times = sorted(program.times)
        print(f"{program.name}: {len(times)} answers to go movetime {ms}: median {times[len(times) // 2]:.0f} ms, "
              f"longest {times[-1]:.0f} ms, {sum(t > ms for t in times)} longer than {ms} ms")


main()
