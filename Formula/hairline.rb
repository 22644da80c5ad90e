# Homebrew formula for Hairline, built from source. The repository is its own tap:
#
#     brew tap local/hairline <clone URL of this repository>   # the URL `git remote get-url origin` prints
#     brew install --HEAD hairline
#
# The source is the tap's own checkout, so the formula builds the commit the tap is at (`brew update` moves it).
class Hairline < Formula
  desc "Design-system linter and token compiler for Swift"
  head "file://#{File.expand_path("..", __dir__)}", using: :git, branch: "main"

  depends_on "pkgconf" => :build
  depends_on "libyaml"
  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "hairline"
    bin.install ".build/release/hairline"
  end

  test do
    assert_match "hairline #{version}", shell_output("#{bin}/hairline --version") if build.stable?
    (testpath/"tokens.yaml").write <<~YAML
      spacing:
        $type: dimension
        small: 8
    YAML
    system bin/"hairline", "compile", "tokens.yaml", "--json", "tokens.json"
    assert_match "spacing.small", (testpath/"tokens.json").read
  end
end
