// Spawning kubectl (kubectl.h). Both pipes are drained with poll so that a kubectl writing a
// long error while we wait on stdout can never deadlock either side.
#include "cli/live/kubectl.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace kg::cli {

namespace {

constexpr std::size_t k_max_stderr = 64 * 1024;  // an error message, not data

struct Pipe {
    int fd[2] = {-1, -1};
    ~Pipe() {
        for (int f : fd) {
            if (f >= 0) ::close(f);
        }
    }
};

std::string command_text(const std::vector<std::string>& argv) {
    std::string s;
    for (const std::string& a : argv) s += (s.empty() ? "" : " ") + a;
    return s;
}

}  // namespace

model::Result<KubectlRun> run_kubectl(const KubectlTarget& target, const std::vector<std::string>& args,
                                      std::size_t max_bytes) {
    std::vector<std::string> argv{"kubectl"};
    if (!target.context.empty()) {
        argv.insert(argv.end(), {"--context", target.context});
    }
    if (!target.kubeconfig.empty()) {
        argv.insert(argv.end(), {"--kubeconfig", target.kubeconfig});
    }
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargv;
    for (std::string& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);

    Pipe out, err;
    if (::pipe2(out.fd, O_CLOEXEC) != 0 || ::pipe2(err.fd, O_CLOEXEC) != 0) {
        return model::make_error(std::string("cannot create a pipe for kubectl: ") + std::strerror(errno));
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out.fd[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err.fd[1], 2);
    pid_t pid = 0;
    int rc = ::posix_spawnp(&pid, "kubectl", &fa, nullptr, cargv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        if (rc == ENOENT) {
            return model::make_error("kubectl is not on PATH: live mode (--live, --context, --kubeconfig) runs the "
                                     "user's own kubectl; install it, or export with `kueuegov export-command` and "
                                     "pass the file with -f");
        }
        return model::make_error(std::string("cannot run kubectl: ") + std::strerror(rc));
    }
    ::close(out.fd[1]);
    out.fd[1] = -1;
    ::close(err.fd[1]);
    err.fd[1] = -1;

    KubectlRun r;
    bool over = false;
    pollfd fds[2] = {{out.fd[0], POLLIN, 0}, {err.fd[0], POLLIN, 0}};
    int open_fds = 2;
    char buf[65536];
    while (open_fds > 0 && !over) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                fds[i].fd = -1;
                --open_fds;
                continue;
            }
            std::string& dst = i == 0 ? r.out : r.err;
            std::size_t cap = i == 0 ? max_bytes : k_max_stderr;
            std::size_t take = std::min(static_cast<std::size_t>(n), cap - std::min(cap, dst.size()));
            dst.append(buf, take);
            if (i == 0 && take < static_cast<std::size_t>(n)) {
                over = true;
            }
        }
    }
    if (over) {
        ::kill(pid, SIGTERM);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (over) {
        return model::make_error("`" + command_text(argv) + "` wrote more than " + std::to_string(max_bytes) +
                                 " bytes (--max-input-bytes); stopped it");
    }
    if (!WIFEXITED(status)) {
        return model::make_error("`" + command_text(argv) + "` was killed by signal " +
                                 std::to_string(WIFSIGNALED(status) ? WTERMSIG(status) : 0));
    }
    r.exit_code = WEXITSTATUS(status);
    return r;
}

}  // namespace kg::cli
