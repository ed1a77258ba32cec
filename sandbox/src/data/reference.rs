//! Fixed reference lists. Their IDs are positions + 1, the way the service numbers them.

pub const CLINICS: [&str; 12] = [
    "SP Campinas",
    "DF Brasília",
    "PR Curitiba",
    "SP São Paulo - Perdizes",
    "MG Uberlândia",
    "Sede OligoFlora Brasil",
    "RJ Rio de Janeiro - Barra da Tijuca",
    "BA Salvador",
    "RS Porto Alegre",
    "GO Goiânia",
    "SC Florianópolis",
    "PE Recife",
];

pub const CHANNELS: [&str; 12] = [
    "WhatsApp",
    "Facebook",
    "Instagram",
    "Google Ads",
    "Indicação",
    "Site",
    "Telefone",
    "Passante",
    "TikTok",
    "E-mail marketing",
    "Evento \"Dia da Beleza\"",
    "@parceiros",
];

/// Campaigns seeded for the whole network (`clinica` null); created ones follow.
pub const CAMPAIGNS: [&str; 30] = [
    "Verão 2024 — Depilação a laser",
    "Black Friday \"50% OFF\"",
    "=Promoção 2x1",
    "+Saúde da pele",
    "-20% na primeira sessão",
    "@influencer Júlia",
    "Dia das Mães, dos Namorados e dos Pais",
    "Outubro Rosa",
    "Novembro Azul",
    "Volta às aulas",
    "Carnaval sem pelos",
    "Inverno: tratamento facial",
    "Indique e ganhe",
    "Aniversariante do mês",
    "Reativação de clientes inativos",
    "Lançamento criolipólise",
    "Semana do consumidor",
    "Natal iluminado",
    "Ano novo, pele nova",
    "Campanha Instagram — stories",
    "Google Ads: rejuvenescimento",
    "Feira de saúde de Uberlândia",
    "Parceria academia \"Corpo & Movimento\"",
    "Harmonização orofacial",
    "Limpeza de pele + peeling",
    "Pacote noiva\nDia do casamento",
    "Dia do cliente",
    "Retorno pós-avaliação",
    "Leads do site",
    "Clínica aberta no sábado",
];

pub const SERVICES: [&str; 25] = [
    "Depilação a laser — axilas",
    "Depilação a laser — pernas inteiras",
    "Limpeza de pele profunda",
    "Peeling químico",
    "Microagulhamento",
    "Toxina botulínica",
    "Preenchimento labial",
    "Bioestimulador de colágeno",
    "Criolipólise",
    "Radiofrequência facial",
    "Drenagem linfática",
    "Massagem modeladora",
    "Carboxiterapia",
    "Luz pulsada",
    "Laser CO₂ fracionado",
    "Harmonização orofacial",
    "Skinbooster",
    "Fios de PDO",
    "Tratamento de melasma",
    "Remoção de tatuagem",
    "Ultrassom microfocado",
    "Endermoterapia",
    "Consulta de avaliação",
    "Microblading de sobrancelhas",
    "Hidratação capilar",
];

/// Price of one session of each service, in reais.
pub const SERVICE_PRICES: [u32; 25] = [
    120, 390, 180, 250, 420, 1200, 1500, 2200, 900, 350, 140, 150, 200, 280, 1800, 3500, 950, 2600,
    480, 600, 3000, 160, 0, 850, 110,
];

pub const SELLERS: [&str; 15] = [
    "Ana Paula Gonçalves",
    "Bruno D'Ávila",
    "Camila Araújo",
    "Débora Simões",
    "Eduardo Magalhães",
    "Fernanda Brandão",
    "Gustavo Pimentel",
    "Helena Conceição",
    "Igor Lemos",
    "Juliana Assunção",
    "Kátia Ribeiro",
    "Leonardo Peçanha",
    "Mônica Galvão",
    "Natália Ávila",
    "Otávio Castro",
];

pub const CREATORS: [&str; 15] = [
    "Recepção — Márcia",
    "Recepção — Thaís",
    "Gerente — Sérgio",
    "Financeiro — Luíza",
    "Comercial — Vitória",
    "Comercial — João Pedro",
    "Avaliadora — Dra. Inês",
    "Avaliador — Dr. Fábio",
    "Call center — Érica",
    "Call center — Raíssa",
    "Supervisão — Antônio",
    "Franqueado — Cecília",
    "Integração \"site\"",
    "Importação, planilha",
    "Sistema",
];

pub const ACCOUNT_PLANS: [&str; 10] = [
    "Receita de serviços estéticos",
    "Venda de produtos",
    "Pacotes pré-pagos",
    "Cortesias e bonificações",
    "Receita de avaliações",
    "Manutenção",
    "Convênios",
    "Parcerias",
    "Eventos",
    "Outras receitas",
];

pub const OPERATION_TYPES: [&str; 5] = [
    "Venda",
    "Troca",
    "Bonificação",
    "Devolução",
    "Transferência entre unidades",
];

/// Appointment statuses in the order of API.md; ID = position + 1.
pub const APPOINTMENT_STATUSES: [&str; 8] = [
    "Agendado",
    "Confirmado",
    "Presente",
    "Executado",
    "Desmarcado",
    "Faltou",
    "Cancelado",
    "Bloqueio",
];

pub const APPOINTMENT_TYPES: [&str; 2] = ["Sessão", "Avaliação"];
pub const EVALUATION_TYPE: u8 = 2;

pub const QUOTE_STATUSES: [&str; 5] = ["Pendente", "Aprovado", "Cancelado", "Suspenso", "Inativo"];
pub const QUOTE_APPROVED: u8 = 2;
pub const QUOTE_INACTIVE: u8 = 5;

pub const HAS_QUOTE: [&str; 2] = ["Não", "Sim"];

pub const PROFESSIONALS: [&str; 12] = [
    "Dra. Ana Luíza Prado",
    "Dr. Caio Rangel",
    "Dra. Beatriz Falcão",
    "Enf. Joana D'Arc Moreira",
    "Esteticista Lívia Sá",
    "Esteticista Priscila Antunes",
    "Biomédica Tânia Quintão",
    "Fisioterapeuta Rômulo Viana",
    "Dra. Íris Valença",
    "Dr. Mauro \"Maurinho\" Lopes",
    "Esteticista Sônia Barros",
    "Biomédico Vinícius Teles",
];

pub const ROOMS: [&str; 8] = [
    "Sala 1",
    "Sala 2 — Laser",
    "Sala 3 (maca dupla)",
    "Consultório \"Azul\"",
    "Sala de avaliação",
    "Cabine 4, térreo",
    "Cabine 5, 1º andar",
    "Sala VIP",
];

pub const PRODUCTS: [&str; 10] = [
    "Protetor solar FPS 50, 60 g",
    "Sérum \"Vitamina C\" 30 ml",
    "+Colágeno em pó",
    "Máscara calmante pós-laser",
    "Hidratante corporal — 200 ml",
    "Ácido hialurônico tópico",
    "Gel redutor, 250 g",
    "Kit home care (3 itens)",
    "Óleo de rosa-mosqueta",
    "Água micelar 100 ml",
];

pub const PRODUCT_PRICES: [u32; 10] = [89, 149, 120, 75, 59, 199, 95, 320, 45, 39];

pub const BANK_ACCOUNTS: [&str; 5] = [
    "Itaú — ag. 0341, c/c 12345-6",
    "Bradesco — ag. 1234, c/c 98765-0",
    "Caixa (PIX), chave CNPJ",
    "Nubank PJ",
    "Santander — ag. 0033, c/c 5555-1",
];

pub const PAYMENT_TYPES: [&str; 6] = [
    "PIX",
    "Cartão de crédito",
    "Cartão de débito",
    "Boleto bancário",
    "Dinheiro",
    "Cartão de crédito em 10x",
];

pub const QUOTE_TYPES: [&str; 4] = ["Pacote", "Sessão avulsa", "Manutenção", "Retorno"];

pub const COMPANIES: [&str; 3] = [
    "OligoFlora Estética Ltda.",
    "OligoFlora Franquias S/A",
    "Clínica \"Bem-Estar\" ME",
];

pub const FIRST_NAMES: [&str; 32] = [
    "João",
    "José",
    "Antônio",
    "Márcia",
    "Débora",
    "Cecília",
    "Ana Luíza",
    "Luís",
    "Conceição",
    "Inês",
    "Thaís",
    "Vitória",
    "Érica",
    "Fábio",
    "Sérgio",
    "Raíssa",
    "Maria",
    "Francisca",
    "Gabriel",
    "Lúcia",
    "Mateus",
    "Letícia",
    "Caio",
    "Júlia",
    "Rafael",
    "Patrícia",
    "Otávio",
    "Flávia",
    "Heitor",
    "Lívia",
    "Benício",
    "Aurora",
];

pub const LAST_NAMES: [&str; 28] = [
    "Silva",
    "Souza",
    "Conceição",
    "D'Ávila",
    "Gonçalves",
    "Araújo",
    "Simões",
    "Magalhães",
    "Brandão",
    "Pimentel",
    "Lemos",
    "Ribeiro",
    "Assunção",
    "Peçanha",
    "Galvão",
    "Castro",
    "Nóbrega",
    "Guimarães",
    "Lima",
    "Ferreira",
    "Oliveira",
    "Santos",
    "Costa",
    "Pereira",
    "Rodrigues",
    "Almeida",
    "Fontes",
    "Vasconcelos",
];

/// Brazilian area codes (DDD) used for generated phones.
pub const AREA_CODES: [u8; 14] = [11, 16, 17, 19, 21, 31, 34, 41, 48, 51, 61, 62, 71, 81];

pub const EMAIL_DOMAINS: [&str; 5] = [
    "gmail.com",
    "hotmail.com",
    "outlook.com",
    "yahoo.com.br",
    "uol.com.br",
];

/// Free-text pieces for notes. Several start with `=`, `+`, `-` or `@`, or hold quotes,
/// commas and line breaks, because real notes do and exports must survive them.
pub const NOTES: [&str; 16] = [
    "Paciente prefere contato por WhatsApp, após as 18h.",
    "Pagamento em 3x; 1ª parcela \"à vista\".",
    "=SOMA(A1:A3) digitado por engano",
    "+55 16 99264-0197 é o telefone do responsável",
    "-10% de desconto na 2ª sessão",
    "@clinica.oficial indicou",
    "Linha 1: avaliação feita\nLinha 2: retorno em 30 dias",
    "Alergia a lidocaína, confirmar antes do procedimento.",
    "Cliente disse: \"só às sextas\"",
    "Contrato assinado, cópia arquivada",
    "Não ligar no trabalho",
    "Reagendou duas vezes, confirmar na véspera",
    "Pele sensível, fototipo III",
    "Pediu nota fiscal em nome da empresa, CNPJ na ficha",
    "Indicação da irmã (ficha 1234)",
    "Desistiu do pacote; manter contato em 6 meses",
];

/// Items of a plain reference list, `{"id", "nome"}`.
pub fn named(names: &[&str]) -> Vec<(u32, String)> {
    names
        .iter()
        .enumerate()
        .map(|(index, name)| (index as u32 + 1, (*name).to_owned()))
        .collect()
}
