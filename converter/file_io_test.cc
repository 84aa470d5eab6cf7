// converter::WriteOutputFile at the points a command-line test cannot reach
// reliably: a SIGTERM or SIGINT arriving while the temporary file exists (the
// write is stopped there by the before_rename hook, in a child process)
// removes it and ends the process by that signal, leaving the old file as
// it was; and what SameRegularFile counts as one file.
#include "converter/file_io.h"

#include <csignal>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace {

std::string NewDir(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  std::string dir = std::string(tmp ? tmp : "/tmp") + "/file_io_" + name + "_" +
                    std::to_string(::getpid());
  ::mkdir(dir.c_str(), 0755);
  return dir;
}

std::vector<std::string> List(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string n = e->d_name;
      if (n != "." && n != "..") names.push_back(n);
    }
    ::closedir(d);
  }
  return names;
}

std::string Read(const std::string& path) {
  std::string data;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
    std::fclose(f);
  }
  return data;
}

void WriteFile(const std::string& path, const std::string& data) {
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr) << path;
  std::fwrite(data.data(), 1, data.size(), f);
  std::fclose(f);
}

// In a child with the command-line handlers installed, writes `path` and
// sends itself `sig` once the temporary file is complete; returns the
// child's wait status.
int WriteInterruptedBy(int sig, const std::string& path) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    converter::RemoveTemporaryFilesOnSignal();
    std::string error;
    converter::WriteOutputFile(path, std::string(1 << 20, 'x'), &error,
                               [sig] { ::kill(::getpid(), sig); });
    ::_exit(0);  // not reached when the signal ends the process
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

class Interrupted : public ::testing::TestWithParam<int> {};

TEST_P(Interrupted, RemovesTheTemporaryFileAndKeepsTheOldOne) {
  const int sig = GetParam();
  const std::string dir = NewDir("signal" + std::to_string(sig));
  const std::string out = dir + "/out.sdf";
  WriteFile(out, "old\n");
  const int status = WriteInterruptedBy(sig, out);
  ASSERT_TRUE(WIFSIGNALED(status)) << "exited with " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), sig);
  EXPECT_EQ(List(dir), std::vector<std::string>{"out.sdf"});
  EXPECT_EQ(Read(out), "old\n");
}

TEST_P(Interrupted, NewFileLeavesNothing) {
  const int sig = GetParam();
  const std::string dir = NewDir("signal_new" + std::to_string(sig));
  const int status = WriteInterruptedBy(sig, dir + "/out.sdf");
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), sig);
  EXPECT_TRUE(List(dir).empty());
}

INSTANTIATE_TEST_SUITE_P(Signals, Interrupted,
                         ::testing::Values(SIGTERM, SIGINT, SIGHUP));

// Without the handlers, the same interruption would leave the temporary
// file: the test above depends on them.
TEST(Interrupted, WithoutHandlersTheTemporaryFileStays) {
  const std::string dir = NewDir("no_handler");
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::string error;
    converter::WriteOutputFile(dir + "/out.sdf", "data", &error,
                               [] { ::kill(::getpid(), SIGTERM); });
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));
  const auto left = List(dir);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].rfind("out.sdf.tmp.", 0), 0u) << left[0];
}

// A signal that arrives while other threads go on writing (as migrate -j
// does): files those threads create while the handler runs must not outlive
// the process. Each round: a child with four threads writing small files
// without pause is sent SIGTERM once it has written some; no temporary
// file may be left. Races are found by repetition, so this runs many rounds.
TEST(Interrupted, WhileOtherThreadsWriteLeavesNoTemporaryFile) {
  constexpr int kRounds = 40;
  for (int round = 0; round < kRounds; ++round) {
    const std::string dir = NewDir("threads" + std::to_string(round));
    const pid_t pid = ::fork();
    if (pid == 0) {
      converter::RemoveTemporaryFilesOnSignal();
      std::vector<std::thread> writers;
      for (int t = 0; t < 4; ++t) {
        writers.emplace_back([&dir, t] {
          std::string error;
          for (int i = 0;; ++i) {
            converter::WriteOutputFile(
                dir + "/" + std::to_string(t) + "_" + std::to_string(i % 64),
                std::string(512, 'x'), &error, nullptr,
                converter::Sync::kDeferred);
          }
        });
      }
      for (auto& w : writers) w.join();  // never: the signal ends the process
      ::_exit(0);
    }
    // Let the writers get going (a few files written), then interrupt.
    for (int wait = 0; wait < 2000 && List(dir).size() < 8; ++wait) {
      ::usleep(500);
    }
    ::usleep(static_cast<useconds_t>(round * 97 % 1000));
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "round " << round;
    ASSERT_EQ(WTERMSIG(status), SIGTERM) << "round " << round;
    for (const std::string& name : List(dir)) {
      ASSERT_FALSE(converter::IsTemporaryFileName(name))
          << "round " << round << " left " << name;
    }
  }
}

TEST(WriteOutputFile, ReplacesWholeKeepingModeAndWritesNewFiles) {
  const std::string dir = NewDir("replace");
  const std::string out = dir + "/out.sdf";
  WriteFile(out, "old\n");
  ::chmod(out.c_str(), 0640);
  std::string error;
  ASSERT_TRUE(converter::WriteOutputFile(out, "new\n", &error)) << error;
  EXPECT_EQ(Read(out), "new\n");
  struct stat st;
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  ASSERT_TRUE(converter::WriteOutputFile(dir + "/fresh.sdf", "", &error));
  EXPECT_EQ(Read(dir + "/fresh.sdf"), "");
  EXPECT_EQ(List(dir).size(), 2u);
}

TEST(WriteOutputFile, DeferredSyncStillReplacesWhole) {
  const std::string dir = NewDir("deferred");
  const std::string out = dir + "/out.sdf";
  WriteFile(out, "old\n");
  ::chmod(out.c_str(), 0640);
  std::string error, seen_before_rename;
  ASSERT_TRUE(converter::WriteOutputFile(
      out, "new\n", &error, [&] { seen_before_rename = Read(out); },
      converter::Sync::kDeferred))
      << error;
  EXPECT_EQ(seen_before_rename, "old\n");  // a reader never sees a part
  EXPECT_EQ(Read(out), "new\n");
  struct stat st;
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(List(dir).size(), 1u);  // no temporary file left
  EXPECT_TRUE(converter::SyncFileSystem(dir, &error)) << error;
  EXPECT_FALSE(converter::SyncFileSystem(dir + "/none", &error));
  EXPECT_NE(error.find("No such file or directory"), std::string::npos)
      << error;
}

TEST(WriteOutputFile, SymbolicLinkLoopIsAnError) {
  const std::string dir = NewDir("loop");
  ::symlink("b", (dir + "/a").c_str());
  ::symlink("a", (dir + "/b").c_str());
  std::string error;
  EXPECT_FALSE(converter::WriteOutputFile(dir + "/a", "x", &error));
  EXPECT_NE(error.find("Too many levels of symbolic links"), std::string::npos)
      << error;
  EXPECT_EQ(List(dir).size(), 2u);
}

TEST(WriteOutputFile, MissingDirectoryIsAnError) {
  const std::string dir = NewDir("missing");
  std::string error;
  EXPECT_FALSE(
      converter::WriteOutputFile(dir + "/no/such/out.sdf", "x", &error));
  EXPECT_NE(error.find("No such file or directory"), std::string::npos)
      << error;
  EXPECT_TRUE(List(dir).empty());
}

// Pieces written to an OutputFile: nothing is touched before the first,
// the old file stays until Commit, and then holds them all.
TEST(OutputFile, PiecesReplaceWholeOnCommit) {
  const std::string dir = NewDir("pieces");
  const std::string out = dir + "/out.sdf";
  WriteFile(out, "old\n");
  ::chmod(out.c_str(), 0640);
  converter::OutputFile file(out);
  EXPECT_EQ(List(dir).size(), 1u);  // nothing before the first piece
  ASSERT_TRUE(file.Write("one\n")) << file.error();
  ASSERT_TRUE(file.Write("")) << file.error();
  ASSERT_TRUE(file.Write("two\n")) << file.error();
  EXPECT_EQ(Read(out), "old\n");
  EXPECT_EQ(List(dir).size(), 2u);  // the temporary file beside it
  ASSERT_TRUE(file.Commit()) << file.error();
  EXPECT_EQ(Read(out), "one\ntwo\n");
  struct stat st;
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(List(dir).size(), 1u);
  // Committed once.
  EXPECT_FALSE(file.Commit());
}

// An OutputFile never committed leaves nothing behind; one never written
// to touches nothing.
TEST(OutputFile, UncommittedLeavesNothing) {
  const std::string dir = NewDir("uncommitted");
  const std::string out = dir + "/out.sdf";
  WriteFile(out, "old\n");
  {
    converter::OutputFile file(out);
    ASSERT_TRUE(file.Write(std::string(1 << 20, 'x'))) << file.error();
  }
  { converter::OutputFile never(dir + "/never.sdf"); }
  EXPECT_EQ(Read(out), "old\n");
  EXPECT_EQ(List(dir).size(), 1u);
}

// An OutputFile that cannot be opened fails its writes and its commit with
// WriteOutputFile's error, and leaves nothing.
TEST(OutputFile, OpenFailureIsTheWriteError) {
  const std::string dir = NewDir("open_failure");
  std::string error;
  EXPECT_FALSE(
      converter::WriteOutputFile(dir + "/no/such/out.sdf", "x", &error));
  converter::OutputFile file(dir + "/no/such/out.sdf");
  EXPECT_FALSE(file.Write("x"));
  EXPECT_EQ(file.error(), error);
  EXPECT_FALSE(file.Write("y"));
  EXPECT_FALSE(file.Commit());
  EXPECT_EQ(file.error(), error);
  EXPECT_TRUE(List(dir).empty());
}

// A StreamedOutput to a path: used once its sink took a piece, the file
// made by Finish; destroyed unfinished, nothing left; a file that cannot be
// made is Finish's error.
TEST(StreamedOutput, ToAFileOnFinishOnly) {
  const std::string dir = NewDir("streamed");
  const std::string out = dir + "/out.sdf";
  {
    converter::StreamedOutput stream(out);
    const auto sink = stream.Sink();
    EXPECT_FALSE(stream.used());
    ASSERT_TRUE(sink("one\n"));
    ASSERT_TRUE(sink("two\n"));
    EXPECT_TRUE(stream.used());
    EXPECT_EQ(List(dir).size(), 1u);  // only the temporary file
    ASSERT_TRUE(stream.Finish()) << stream.error();
  }
  EXPECT_EQ(Read(out), "one\ntwo\n");
  {
    converter::StreamedOutput unfinished(dir + "/unfinished.sdf");
    ASSERT_TRUE(unfinished.Sink()("x"));
  }
  EXPECT_EQ(List(dir).size(), 1u);
  converter::StreamedOutput nowhere(dir + "/no/such/out.sdf");
  EXPECT_FALSE(nowhere.Sink()("x"));
  EXPECT_FALSE(nowhere.Finish());
  EXPECT_NE(nowhere.error().find("No such file or directory"),
            std::string::npos)
      << nowhere.error();
}

TEST(SameRegularFile, SpellingsLinksAndDescriptors) {
  const std::string dir = NewDir("same");
  const std::string a = dir + "/a.urdf";
  WriteFile(a, "x");
  WriteFile(dir + "/other.urdf", "x");
  ::mkdir((dir + "/sub").c_str(), 0755);
  ::symlink("a.urdf", (dir + "/link").c_str());
  ::link(a.c_str(), (dir + "/hard").c_str());
  EXPECT_TRUE(converter::SameRegularFile(a, a));
  EXPECT_TRUE(converter::SameRegularFile(a, dir + "/sub/../a.urdf"));
  EXPECT_TRUE(converter::SameRegularFile(a, dir + "/link"));
  EXPECT_TRUE(converter::SameRegularFile(a, dir + "/hard"));
  EXPECT_FALSE(converter::SameRegularFile(a, dir + "/other.urdf"));
  EXPECT_FALSE(converter::SameRegularFile(a, dir + "/missing"));
  EXPECT_FALSE(converter::SameRegularFile(dir + "/sub", dir + "/sub"));
  FILE* f = std::fopen(a.c_str(), "rb");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(converter::SameRegularFile(::fileno(f), dir + "/link"));
  EXPECT_FALSE(converter::SameRegularFile(::fileno(f), dir + "/other.urdf"));
  std::fclose(f);
}

}  // namespace
