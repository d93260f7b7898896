//! The live translation model: an OpenAI-compatible chat-completions client (hosted APIs,
//! vLLM, llama.cpp, Ollama). It only moves bytes: the messages and the reading of answers are
//! `lashon_core::translate::prompt`'s.
//!
//! Configuration (`lashon serve` flags, or the environment): `LASHON_MODEL_URL` (base URL; the
//! client posts to `{url}/chat/completions`), `LASHON_MODEL_KEY` (bearer token, optional),
//! `LASHON_MODEL_FAST|BALANCED|SMARTEST` (model names per tier; a missing tier uses the
//! balanced name, then any other), `LASHON_MODEL_TIMEOUT_MS` (per attempt, default 60,000),
//! `LASHON_MODEL_JSON_MODE` (`0` leaves out `response_format` for servers that refuse it).
//!
//! Failures: a transport error (connect, reset, timeout) or a 429/5xx answer is retried once;
//! what still fails is `ModelError::Upstream` (502 `upstream_error`). The error text names the
//! status or the kind of transport failure, never request text, and nothing of a request is
//! logged.
//!
//! ```
//! use std::time::Duration;
//! use lashon_core::translate::Tier;
//! use lashon_model_client::{ChatClient, ModelConfig};
//!
//! let client = ChatClient::new(ModelConfig {
//!     url: "http://127.0.0.1:11434/v1".into(), // e.g. Ollama's OpenAI-compatible API
//!     key: None,
//!     fast: Some("llama3.2:3b".into()),
//!     balanced: Some("qwen2.5:14b".into()),
//!     smartest: None,
//!     timeout: Duration::from_secs(60),
//!     json_mode: true,
//! })
//! .unwrap();
//! // A tier without a name uses the balanced model.
//! assert_eq!(client.config().model(Tier::Smartest), "qwen2.5:14b");
//! // `client` is a `lashon_core::translate::Translator`: hand it to the service.
//! let _: &dyn lashon_core::translate::Translator = &client;
//! ```

use std::time::Duration;

use lashon_core::translate::prompt;
use lashon_core::translate::{
    BoxFuture, ModelError, ReviewAnswer, ReviewCall, Tier, TranslateAnswer, TranslateCall,
    Translator,
};
use serde_json::{json, Value};

/// Settings of the live model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelConfig {
    pub url: String,
    pub key: Option<String>,
    pub fast: Option<String>,
    pub balanced: Option<String>,
    pub smartest: Option<String>,
    pub timeout: Duration,
    pub json_mode: bool,
}

impl ModelConfig {
    /// The model name for a tier.
    pub fn model(&self, tier: Tier) -> &str {
        let wanted = match tier {
            Tier::Fast => &self.fast,
            Tier::Balanced => &self.balanced,
            Tier::Smartest => &self.smartest,
        };
        wanted
            .as_deref()
            .or(self.balanced.as_deref())
            .or(self.fast.as_deref())
            .or(self.smartest.as_deref())
            .unwrap_or("default")
    }
}

/// Makes ring the process's TLS crypto provider (reqwest is built without one). Calling it
/// again does nothing.
pub fn install_crypto_provider() {
    // `Err` means a provider is installed already, which is the goal.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// The chat-completions client.
#[derive(Debug, Clone)]
pub struct ChatClient {
    config: ModelConfig,
    http: reqwest::Client,
    endpoint: String,
}

impl ChatClient {
    pub fn new(config: ModelConfig) -> Result<ChatClient, String> {
        install_crypto_provider();
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout.min(Duration::from_secs(10)))
            // Never follow a redirect with the key in the header to another host.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("cannot build the model client: {e}"))?;
        let endpoint = format!("{}/chat/completions", config.url.trim_end_matches('/'));
        Ok(ChatClient {
            config,
            http,
            endpoint,
        })
    }

    pub fn config(&self) -> &ModelConfig {
        &self.config
    }

    fn body(&self, tier: Tier, messages: Value) -> Value {
        let mut body = json!({
            "model": self.config.model(tier),
            "temperature": 0,
            "messages": messages,
        });
        if self.config.json_mode {
            body["response_format"] = json!({"type": "json_object"});
        }
        body
    }

    /// One completion: the message content of the first choice.
    async fn complete(&self, body: &Value) -> Result<String, ModelError> {
        let mut last = String::new();
        for attempt in 0..2 {
            let mut req = self.http.post(&self.endpoint).json(body);
            if let Some(key) = &self.config.key {
                req = req.bearer_auth(key);
            }
            match req.send().await {
                Ok(res) => {
                    let status = res.status();
                    if status.is_success() {
                        let value: Value = res.json().await.map_err(|e| {
                            ModelError::Upstream(format!(
                                "the model's response is not chat-completions JSON ({})",
                                kind(&e)
                            ))
                        })?;
                        return prompt::completion_content(&value)
                            .map(str::to_string)
                            .ok_or_else(|| {
                                ModelError::Upstream(
                                    "the model's response has no message content".into(),
                                )
                            });
                    }
                    last = format!("the model answered HTTP {}", status.as_u16());
                    let retryable = status.as_u16() == 429 || status.is_server_error();
                    tracing::warn!(status = status.as_u16(), attempt, "model call failed");
                    if !retryable {
                        break;
                    }
                }
                Err(e) => {
                    last = format!("the model could not be reached ({})", kind(&e));
                    tracing::warn!(error = kind(&e), attempt, "model call failed");
                }
            }
        }
        Err(ModelError::Upstream(last))
    }
}

/// The kind of a transport failure, without URLs or bodies.
fn kind(e: &reqwest::Error) -> &'static str {
    if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "connection refused or unreachable"
    } else if e.is_decode() || e.is_body() {
        "unreadable body"
    } else {
        "transport error"
    }
}

impl Translator for ChatClient {
    fn translate<'a>(
        &'a self,
        call: &'a TranslateCall,
    ) -> BoxFuture<'a, Result<TranslateAnswer, ModelError>> {
        Box::pin(async move {
            let body = self.body(call.instructions.tier, prompt::translate_messages(call));
            let content = self.complete(&body).await?;
            Ok(prompt::parse_translate_answer(&content, call))
        })
    }

    fn review<'a>(
        &'a self,
        call: &'a ReviewCall,
    ) -> BoxFuture<'a, Result<ReviewAnswer, ModelError>> {
        Box::pin(async move {
            let body = self.body(call.tier, prompt::review_messages(call));
            let content = self.complete(&body).await?;
            prompt::parse_review_answer(&content, call).ok_or_else(|| {
                ModelError::Upstream("the reviewer's answer could not be read".into())
            })
        })
    }
}

/// The translator a live key uses when no model is configured: every call is
/// `not_configured` (503).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoModel;

impl Translator for NoModel {
    fn translate<'a>(
        &'a self,
        _call: &'a TranslateCall,
    ) -> BoxFuture<'a, Result<TranslateAnswer, ModelError>> {
        Box::pin(async { Err(ModelError::NotConfigured) })
    }

    fn review<'a>(
        &'a self,
        _call: &'a ReviewCall,
    ) -> BoxFuture<'a, Result<ReviewAnswer, ModelError>> {
        Box::pin(async { Err(ModelError::NotConfigured) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_fall_back_to_the_balanced_model() {
        let c = ModelConfig {
            url: "http://127.0.0.1:1".into(),
            key: None,
            fast: None,
            balanced: Some("mid".into()),
            smartest: Some("big".into()),
            timeout: Duration::from_secs(1),
            json_mode: true,
        };
        assert_eq!(c.model(Tier::Fast), "mid");
        assert_eq!(c.model(Tier::Smartest), "big");
        let none = ModelConfig {
            balanced: None,
            smartest: None,
            ..c
        };
        assert_eq!(none.model(Tier::Balanced), "default");
    }
}
