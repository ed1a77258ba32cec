//! A command's failure as `main` prints it: the exit code and the message, secrets masked.

/// How a command failed, ready to print: the message has every known secret masked.
#[derive(Debug)]
pub struct Failure {
    pub code: i32,
    pub message: String,
}

impl From<crate::error::Error> for Failure {
    fn from(e: crate::error::Error) -> Self {
        Failure {
            code: e.exit_code(),
            message: crate::error::error_text(&e),
        }
    }
}
