//! clap's errors as the command prints them: one line.

/// A clap error in one line: clap spreads some over several lines before its usage block.
pub fn one_line(err: &clap::Error) -> String {
    let rendered = err.to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.starts_with("Usage:"))
        .map(str::trim)
        .filter(|line| {
            !line.is_empty() && !line.starts_with("tip:") && !line.starts_with("For more")
        })
        .collect();
    message.join(" ")
}
